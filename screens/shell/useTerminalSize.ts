// The terminal's size, following resizes (stdout 'resize').
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface Size {
  columns: number;
  rows: number;
}

/** The size to lay out for; `fixed` (tests) wins over the terminal's. */
export function useTerminalSize(fixed?: Size): Size {
  const { stdout } = useStdout();
  const read = (): Size => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    if (fixed) return;
    const onResize = () =>
      setSize((prev) => {
        const next = read();
        return prev.columns === next.columns && prev.rows === next.rows ? prev : next;
      });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read() reads only stdout
  }, [stdout, fixed]);
  return fixed ?? size;
}
