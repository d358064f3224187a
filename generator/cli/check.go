package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/fadj-dev/fadj/generator/check"
	"github.com/fadj-dev/fadj/generator/diag"
)

var checkCommand = &command{
	name:  "check",
	short: "compile the generated code and test it against finite differences",
	usage: "check [-v] [-keep] [-all] [-allow-exec] spec.yaml",
}

func init() { checkCommand.run = runCheck }

// runCheck runs fadj check on one spec: exit 0 if every test passes, 1 if
// one fails or the check could not run.
func runCheck(e *env, args []string) int {
	fs := newFlagSet(e, checkCommand)
	verbose := fs.Bool("v", false, "say what it is doing: each step, the temporary directory, the compiler commands")
	keep := fs.Bool("keep", false, "keep the temporary directory")
	all := fs.Bool("all", false, "print all diagnostics, not just the first 10")
	allowExec := fs.Bool("allow-exec", false, "let the spec's check.compiler and check.flags name any program and flag (docs/check.md)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(e.stderr, "usage: fadj %s\n", checkCommand.usage)
		return ExitUsage
	}
	opts := check.Options{Keep: *keep, AllowExec: *allowExec}
	if *verbose || *keep {
		opts.Log = e.stderr
	}
	// A long check says what it is doing: with -v, or on a terminal.
	if *verbose || isTerminal(e.stderr) {
		opts.Progress = e.stderr
	}
	rep, err := check.Run(fs.Arg(0), opts)
	if err != nil {
		if _, ok := err.(diag.List); ok {
			printDiags(e, err, *all)
		} else {
			fmt.Fprintf(e.stderr, "fadj check: %v\n", trimPrefix(err.Error()))
		}
		return ExitInput
	}
	if len(rep.GenWarnings) > 0 {
		diag.Print(e.stderr, rep.GenWarnings, 0)
	}
	rep.Write(e.stdout)
	if !rep.OK() {
		fmt.Fprintf(e.stderr, "fadj check: FAIL\n")
		return ExitInput
	}
	return ExitOK
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// trimPrefix drops a "fadj check: " the check package already put.
func trimPrefix(s string) string {
	const p = "fadj check: "
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):]
	}
	return s
}
