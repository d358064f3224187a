// Package cli implements the fadj command: its subcommands, flags,
// diagnostics and exit codes. main calls Main; tests call it too.
//
// Exit codes: 0 success, 1 bad input (diagnostics printed), 2 bad usage.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Exit codes.
const (
	ExitOK    = 0
	ExitInput = 1 // the input (Fortran, spec) has errors
	ExitUsage = 2 // the command line is wrong
)

// maxErrors is how many diagnostics are printed unless -all is given.
const maxErrors = 10

// Version is fadj's version, set by the release build.
var Version = "devel"

// env is what a subcommand may touch: its streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

type command struct {
	name  string
	short string // one line for the command list
	usage string // the synopsis after "fadj "
	run   func(e *env, args []string) int
}

var commands []*command

func init() {
	commands = []*command{bazelCommand, checkCommand, fmtCommand, generateCommand, versionCommand}
	sort.Slice(commands, func(i, j int) bool { return commands[i].name < commands[j].name })
}

// Main runs fadj with args (without the program name) and returns the
// exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		usage(stderr)
		return ExitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				fmt.Fprintf(stdout, "usage: fadj %s\n\n%s\n", c.usage, c.short)
				return ExitOK
			}
		}
		usage(stdout)
		return ExitOK
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "fadj: unknown command %q\nRun 'fadj help' for usage.\n", name)
		return ExitUsage
	}
	return c.run(e, args[1:])
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "fadj is an automatic differentiation tool for Fortran.\n\nUsage:\n\n\tfadj <command> [arguments]\n\nCommands:\n\n")
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-10s %s\n", c.name, c.short)
	}
	fmt.Fprintf(w, "\nRun 'fadj <command> -h' for a command's flags.\n")
}

// newFlagSet returns a flag set that reports errors the fadj way.
func newFlagSet(e *env, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("fadj "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: fadj %s\n", c.usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args; it returns a non-negative exit code when the
// command must stop (help asked for, or bad usage).
func parseFlags(fs *flag.FlagSet, args []string) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	return -1
}

// defineFlag collects repeated -D NAME[=VALUE] flags.
type defineFlag map[string]string

func (d defineFlag) String() string {
	var parts []string
	for k, v := range d {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (d defineFlag) Set(s string) error {
	name, value, _ := strings.Cut(s, "=")
	if name == "" {
		return errors.New("missing macro name")
	}
	d[name] = value
	return nil
}

// listFlag collects a repeated string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

var versionCommand = &command{
	name:  "version",
	short: "print fadj's version",
	usage: "version",
	run: func(e *env, args []string) int {
		fmt.Fprintf(e.stdout, "fadj %s\n", Version)
		return ExitOK
	},
}
