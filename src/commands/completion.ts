// `tradedeck completion bash|zsh|fish`: a completion script made from the command registry
// (commands, each command's options, the values an option or argument takes) and
// `tradedeck completion symbols`, the token symbols the scripts offer where a token goes: the
// well-known ones, the watchlist's and the tokens launched here. Those are read from the state
// directory: no request is made, so a Tab never waits on the network.
import { globalFlags } from './argv.js';
import {
  COMMAND_NAMES,
  commandSpec,
  optionsOf,
  type ArgSpec,
  type CommandName,
  type CommandRun,
  type ValueKind,
} from './registry.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

/** What is offered for a value: words, token symbols, file names, or nothing. */
type Offer = { words: string[] } | { symbols: true } | { files: true } | undefined;

/** A word written into a script unquoted: the registry's names and choices are all of this kind. */
const PLAIN = /^[A-Za-z0-9@%.,_-]+$/;

function plain(words: readonly string[]): string {
  for (const w of words)
    if (!PLAIN.test(w)) throw new Error(`completion: "${w}" cannot go into a completion script unquoted`);
  return words.join(' ');
}

function offerOf(kind: ValueKind | undefined, choices: readonly string[] | undefined): Offer {
  if (kind === 'choice' && choices?.length) return { words: [...choices] };
  if (kind === 'command') return { words: ['sim', ...COMMAND_NAMES] };
  if (kind === 'token') return { symbols: true };
  if (kind === 'file') return { files: true };
  return undefined;
}

interface OptionOffer {
  /** the command, or undefined for a global option */
  command?: CommandName;
  flag: string;
  takesValue: boolean;
  offer: Offer;
  help?: string;
}

function options(): OptionOffer[] {
  const globals = globalFlags().map((g): OptionOffer => ({
    flag: g.flag,
    takesValue: g.takesValue,
    offer: g.choices ? { words: [...g.choices] } : g.path ? { files: true } : undefined,
  }));
  const own = COMMAND_NAMES.flatMap((command) =>
    Object.entries(optionsOf(command)).map(([flag, o]): OptionOffer => ({
      command,
      flag,
      takesValue: o.value !== undefined,
      offer: offerOf(o.kind, o.choices),
      help: o.help.split('\n')[0],
    })),
  );
  return [...globals, ...own];
}

/** Argument positions from this one on are one: the scripts count no further (an argument given many times). */
const LAST_POSITION = 12;

/** The argument positions (0 = the first word after the command) at which each argument may start. */
function argPositions(command: CommandName): Array<{ arg: ArgSpec; at: number[] }> {
  let first = 0;
  let last = 0;
  return commandSpec(command).args.map((arg) => {
    const from = Math.min(first, LAST_POSITION);
    const at = Array.from({ length: Math.min(last, LAST_POSITION) - from + 1 }, (_, i) => from + i);
    const words = arg.words ?? 1;
    last += words * (arg.many ?? 1);
    if (!arg.optional) first += words;
    return { arg, at };
  });
}

/** What is offered at each argument position of each command (at 3 of limit: BASE/QUOTE or BUY, both tokens). */
function argOffers(): Array<{ command: CommandName; at: number; offers: Array<NonNullable<Offer>> }> {
  const out: Array<{ command: CommandName; at: number; offers: Array<NonNullable<Offer>> }> = [];
  for (const command of COMMAND_NAMES) {
    const byPosition = new Map<number, { words: Set<string>; symbols: boolean; files: boolean }>();
    for (const { arg, at } of argPositions(command)) {
      const offer = offerOf(arg.kind, arg.choices);
      if (!offer) continue;
      for (const n of at) {
        const o = byPosition.get(n) ?? { words: new Set<string>(), symbols: false, files: false };
        if ('words' in offer) offer.words.forEach((w) => o.words.add(w));
        if ('symbols' in offer) o.symbols = true;
        if ('files' in offer) o.files = true;
        byPosition.set(n, o);
      }
    }
    for (const [at, o] of byPosition) {
      const offers: Array<NonNullable<Offer>> = [];
      if (o.words.size) offers.push({ words: [...o.words] });
      if (o.symbols) offers.push({ symbols: true });
      if (o.files) offers.push({ files: true });
      out.push({ command, at, offers });
    }
  }
  return out;
}

// ---------- bash (and zsh, through its bash completion layer) ----------

function bashReply(offer: NonNullable<Offer>): string {
  if ('words' in offer) return `_tradedeck_words "${plain(offer.words)}"`;
  if ('symbols' in offer) return '_tradedeck_symbols';
  return '_tradedeck_files';
}

function bashFunctions(): string {
  const all = options();
  const pattern = (o: OptionOffer) => (o.command ? `"${o.command} ${o.flag}"` : `*" ${o.flag}"`);
  const valued = all.filter((o) => o.takesValue);
  const globalsOnly = all.filter((o) => !o.command).map((o) => o.flag);
  const optionLists = COMMAND_NAMES.map(
    (c) => `    ${c}) _tradedeck_words "${plain([...Object.keys(optionsOf(c)), ...globalsOnly])}" ;;`,
  ).join('\n');
  const valueCases = valued
    .filter((o) => o.offer)
    .map((o) => `    ${pattern(o)}) ${bashReply(o.offer!)} ;;`)
    .join('\n');
  const argCases = argOffers()
    .map((a) => `    "${a.command} ${a.at}") ${a.offers.map(bashReply).join('; ')} ;;`)
    .join('\n');
  return `# tradedeck completion: made by \`tradedeck completion\` from the commands it knows.
_tradedeck_words() {
  local w
  for w in $1; do [[ $w == "$cur"* ]] && COMPREPLY+=("$w"); done
}
_tradedeck_symbols() {
  # the symbols come from the state directory (tradedeck completion symbols), matched ignoring
  # case: -l keeps lower case in bash, shows it in zsh
  local w
  local -l lw lc="$cur"
  while IFS= read -r w; do
    lw=$w
    [[ $lw == "$lc"* ]] && COMPREPLY+=("$w")
  done < <(command "\${COMP_WORDS[0]}" completion symbols 2>/dev/null)
}
_tradedeck_files() {
  local IFS=$'\\n'
  COMPREPLY+=($(compgen -f -- "$cur"))
}
_tradedeck_takes_value() {
  case "$1 $2" in
    ${valued.map(pattern).join('|')}) return 0 ;;
  esac
  return 1
}
_tradedeck_value() {
  case "$1 $2" in
${valueCases}
  esac
}
_tradedeck_arg() {
  case "$1 $2" in
${argCases}
  esac
}
_tradedeck_options() {
  case "$1" in
${optionLists}
    *) _tradedeck_words "${plain([...globalsOnly, '-h', '--help', '-v', '--version'])}" ;;
  esac
}
_tradedeck() {
  [[ -n \${ZSH_VERSION-} ]] && emulate -L ksh
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" n=0 i w expect=""
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    # bash splits --limit=5 into --limit, =, 5: the word after = is a value
    if [[ $w == "=" ]]; then expect=1; continue; fi
    if [[ -n $expect ]]; then expect=""; continue; fi
    case "$w" in
      -[0-9.]*|+[0-9.]*|[!-]*) if [[ -z $cmd ]]; then cmd="$w"; else n=$((n + 1)); fi ;;
      -*) _tradedeck_takes_value "$cmd" "$w" && expect=1 ;;
    esac
  done
  [[ $cmd == sim ]] && return 0
  ((COMP_CWORD > 1)) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [[ $cur == "=" ]]; then
    cur=""
    _tradedeck_takes_value "$cmd" "$prev" && _tradedeck_value "$cmd" "$prev"
    return 0
  fi
  if [[ $prev == "=" ]]; then
    _tradedeck_value "$cmd" "\${COMP_WORDS[COMP_CWORD-2]}"
    return 0
  fi
  if [[ -n $expect ]]; then
    _tradedeck_value "$cmd" "$prev"
    return 0
  fi
  if [[ $cur == -* ]]; then
    _tradedeck_options "$cmd"
  elif [[ -z $cmd ]]; then
    _tradedeck_words "${plain(['sim', ...COMMAND_NAMES])}"
  else
    _tradedeck_arg "$cmd" "$((n > ${LAST_POSITION} ? ${LAST_POSITION} : n))"
  fi
  return 0
}
complete -F _tradedeck tradedeck
`;
}

// ---------- fish ----------

/** Text inside fish single quotes. */
const fishQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function fishScript(): string {
  const all = options();
  const valued = all.filter((o) => o.takesValue);
  const lines = [
    '# tradedeck completion for fish: made by `tradedeck completion fish` from the commands it knows.',
    '# The command and how many arguments came after it, skipping the values of options.',
    'function __tradedeck_takes_value',
    '    switch "$argv[1] $argv[2]"',
    `        case ${valued.map((o) => fishQuote(o.command ? `${o.command} ${o.flag}` : `* ${o.flag}`)).join(' ')}`,
    '            return 0',
    '    end',
    '    return 1',
    'end',
    'function __tradedeck_state',
    '    set -l cmd ""',
    '    set -l n 0',
    '    set -l expect 0',
    '    for w in (commandline -opc)[2..-1]',
    '        if test $expect = 1',
    '            set expect 0',
    "        else if string match -qr -- '^(-[0-9.]|\\+[0-9.]|[^-])' $w",
    '            if test -z "$cmd"',
    '                set cmd $w',
    '            else',
    '                set n (math $n + 1)',
    '            end',
    '        else if not string match -q -- \'*=*\' $w; and __tradedeck_takes_value "$cmd" $w',
    '            set expect 1',
    '        end',
    '    end',
    `    echo $cmd (math "min($n, ${LAST_POSITION})")`,
    'end',
    '# __tradedeck_at CMD [N...]: the command is CMD (and the next argument is at one of N)',
    'function __tradedeck_at',
    '    set -l state (string split " " (__tradedeck_state))',
    '    test "$state[1]" = "$argv[1]"; or return 1',
    '    test (count $argv) -eq 1; and return 0',
    '    contains -- $state[2] $argv[2..-1]',
    'end',
    'function __tradedeck_no_command',
    '    set -l state (string split " " (__tradedeck_state))',
    '    test -z "$state[1]"',
    'end',
    'function __tradedeck_symbols',
    '    set -l program (commandline -opc)[1]',
    '    command $program completion symbols 2>/dev/null',
    'end',
    'complete -c tradedeck -f',
    `complete -c tradedeck -n __tradedeck_no_command -a sim -d ${fishQuote('run the embedded simulator as a server')}`,
    ...COMMAND_NAMES.map(
      (c) => `complete -c tradedeck -n __tradedeck_no_command -a ${c} -d ${fishQuote(commandSpec(c).summary)}`,
    ),
    `complete -c tradedeck -s h -l help -d ${fishQuote('help (of the command, after one)')}`,
    `complete -c tradedeck -n __tradedeck_no_command -s v -l version -d ${fishQuote('print the version')}`,
  ];
  const fishValue = (offer: Offer) =>
    offer === undefined
      ? '-x'
      : 'words' in offer
        ? `-x -a ${fishQuote(plain(offer.words))}`
        : 'symbols' in offer
          ? "-x -a '(__tradedeck_symbols)'"
          : '-r -F';
  for (const o of all) {
    const condition = o.command ? `-n ${fishQuote(`__tradedeck_at ${o.command}`)} ` : '';
    const value = o.takesValue ? ` ${fishValue(o.offer)}` : '';
    lines.push(
      `complete -c tradedeck ${condition}-l ${o.flag.slice(2)}${value}${o.help ? ` -d ${fishQuote(o.help)}` : ''}`,
    );
  }
  for (const a of argOffers()) {
    for (const offer of a.offers) {
      const what =
        'words' in offer
          ? `-a ${fishQuote(plain(offer.words))}`
          : 'symbols' in offer
            ? "-a '(__tradedeck_symbols)'"
            : '-F';
      lines.push(`complete -c tradedeck -n ${fishQuote(`__tradedeck_at ${a.command} ${a.at}`)} ${what}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script of a shell. */
export function completionScript(shell: Shell): string {
  if (shell === 'fish') return fishScript();
  if (shell === 'zsh')
    return `#compdef tradedeck\n# zsh runs the bash completion below through bashcompinit.\nautoload -U +X bashcompinit && bashcompinit\n${bashFunctions()}`;
  return bashFunctions();
}

/** A symbol that can be typed as one word and offered by a shell as it is. */
const TYPABLE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/;

/** The token symbols known without asking the service: the well-known ones, the watchlist's, the tokens launched here. */
async function knownSymbols(stateDir: string): Promise<string[]> {
  const [{ WELL_KNOWN_TOKENS }, { loadWatchlist }, { loadPools }] = await Promise.all([
    import('../rpc/mintFacts.js'),
    import('../store/watchlist.js'),
    import('../studio/pools.js'),
  ]);
  const quietly = <T>(p: Promise<T[]>) => p.catch((): T[] => []);
  const [watched, pools] = await Promise.all([quietly(loadWatchlist(stateDir)), quietly(loadPools(stateDir))]);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const symbol of [
    ...WELL_KNOWN_TOKENS.map((t) => t.symbol),
    ...watched.map((w) => w.symbol),
    ...pools.map((p) => p.symbol),
  ]) {
    if (typeof symbol !== 'string' || !TYPABLE.test(symbol) || seen.has(symbol.toUpperCase())) continue;
    seen.add(symbol.toUpperCase());
    out.push(symbol);
  }
  return out;
}

/** `tradedeck completion bash|zsh|fish` (and `symbols`, what the scripts ask for). */
export async function completionCommand({ positionals, config, fail }: CommandRun): Promise<number> {
  const what = positionals[0];
  if (what === 'symbols') {
    process.stdout.write((await knownSymbols(config.stateDir)).map((s) => `${s}\n`).join(''));
    return 0;
  }
  if (what === undefined || !(SHELLS as readonly string[]).includes(what)) {
    fail(`unknown shell "${what}" (bash, zsh or fish)`);
    return 2;
  }
  process.stdout.write(completionScript(what as Shell));
  return 0;
}
