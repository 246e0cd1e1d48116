// The `service-api` command line's top level: which command runs, the overview that lists the
// commands, and the version. Each command keeps its own flags and `--help` (verify/options.ts,
// mock/command.ts); this file only chooses between them. As a function of its arguments and
// output, so tests run it in process; src/cli.ts connects it to the process.
import packageJson from "../../package.json" with { type: "json" };
import { runMock, type MockIo } from "../mock/command.js";
import { runVerify, type VerifyIo } from "../verify/command.js";
import { FLAGS, VERIFY_BY_NAME } from "../verify/options.js";

export const COMMANDS_HELP = `Usage: service-api <command> [options]

Commands:
  verify    check a deployment against the contract (service-api verify --help)
  mock      serve the contract's mock over HTTP on this machine (service-api mock --help)

Options:
  --help    this text
  --version the package's version

For example: service-api verify --base-url https://api.acme.example
`;

/** What a run needs around it: verify's surroundings (which include mock's output streams). */
export type CommandIo = VerifyIo & MockIo;

/**
 * A word in a command's place is echoed back only when it looks like a mistyped command (a short
 * word of letters), so that a value pasted there, such as a key, is not.
 */
const COMMAND_WORD = /^[a-z][a-z-]{0,11}$/;

/** The flag a user gave, without a value written after `=` (a value may be a credential). */
function flagName(arg: string): string {
  return arg.split("=")[0]!;
}

/**
 * `service-api [command] [flags]`: runs the command named first; prints the overview (0 for
 * --help, 2 with no command), the version, or a usage error that says what to type (2).
 */
export async function runCommand(argv: readonly string[], io: CommandIo, stop: AbortSignal): Promise<number> {
  const [first] = argv;
  if (first === "verify") return runVerify(argv, io);
  if (first === "mock") return runMock(argv, io, stop);
  if (first === "--help" || first === "-h") {
    io.stdout.write(COMMANDS_HELP);
    return 0;
  }
  if (first === "--version") {
    io.stdout.write(`${packageJson.version}\n`);
    return 0;
  }
  if (first === undefined) {
    io.stderr.write(`service-api: no command given\n\n${COMMANDS_HELP}`);
    return 2;
  }
  // Before 0.4.0, verify ran when no command was named; its flags now say how to write it.
  if (first.startsWith("-")) {
    const flag = flagName(first);
    const verifyFlag = Object.hasOwn(FLAGS, flag.replace(/^--?/, ""));
    io.stderr.write(verifyFlag ? `service-api: no command before ${flag}: ${VERIFY_BY_NAME}\n` : `service-api: unknown option ${flag}: a command comes first; service-api --help lists the commands\n`);
    return 2;
  }
  io.stderr.write(`service-api: unknown command${COMMAND_WORD.test(first) ? ` ${JSON.stringify(first)}` : ""}: the commands are verify and mock (service-api --help)\n`);
  return 2;
}
