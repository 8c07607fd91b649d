// Reusable Ink components. They know nothing of the API, the store or the wallet: data and
// callbacks come in as props.
export * from './keys/index.js';
export { Table, cellText, filterRows, layoutColumns, sortRows, windowRows, type Column, type ColumnLayout, type TableProps } from './Table.js';
export { Tabs, tabLabels, type TabItem, type TabsProps } from './Tabs.js';
export { Header, headerParts, type HeaderProps, type HealthStatus } from './Header.js';
export { Footer, fitFooter, type FooterProps } from './Footer.js';
export { Toasts, useToasts, type Toast, type ToastKind, type ToastApi, type ToastOptions, type ToastsProps } from './Toasts.js';
export { HelpOverlay, helpColumns, type HelpOverlayProps, type HelpColumnGroup } from './HelpOverlay.js';
export { ConfirmDialog, type ConfirmDialogProps, type SummaryLine } from './ConfirmDialog.js';
export { useConfirmation, type ConfirmationApi } from './useConfirmation.js';
export { CommandBar, type CommandBarProps } from './CommandBar.js';
export { TextField, type TextFieldProps } from './fields/TextField.js';
export { SelectField, type SelectFieldProps, type SelectOption } from './fields/SelectField.js';
export { Toggle, type ToggleProps } from './fields/Toggle.js';
export { Sparkline, sparkline, type SparklineProps } from './Sparkline.js';
export { ProgressBar, progressBar, type ProgressBarProps } from './ProgressBar.js';
export { DetailPane, detailLines, flattenFields, type DetailEntry, type DetailSection, type DetailPaneProps } from './DetailPane.js';
export { LoadingText, type LoadingTextProps } from './LoadingText.js';
export { ThemeContext, useTheme, colorTheme, plainTheme, themeFromEnv, applyColorEnvironment, colorDisabled, changeColor, type Theme } from './theme.js';
export { padCell, truncate, textWidth, wrapText } from './text.js';
export { useRefState } from './useRefState.js';
