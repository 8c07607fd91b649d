// Whether the terminal takes UTF-8, by the locale as C programs read it: the first of LC_ALL,
// LC_CTYPE and LANG that is set decides (`C`, `POSIX` or `en_US.ISO-8859-1`: no; `C.UTF-8`,
// `en_US.utf8`: yes). With none set, UTF-8 is assumed (what terminals and containers use).
export function localeIsUtf8(env: NodeJS.ProcessEnv = process.env): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG;
  return !locale || /utf-?8/i.test(locale);
}
