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

	"github.com/fadj-dev/fadj/generator/suggest"
)

// Exit codes.
const (
	ExitOK    = 0
	ExitInput = 1 // the input (Fortran, spec) has errors
	ExitUsage = 2 // the command line is wrong
)

// maxErrors is how many diagnostics are printed unless -all is given.
const maxErrors = 10

// env is what a subcommand may touch: its streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// help makes a command print its help to stdout and stop, when it
	// parses its flags (fadj help X runs X -h this way).
	help bool
}

type command struct {
	name  string
	short string // one line for the command list
	usage string // the synopsis after "fadj "
	long  string // what fadj help prints after the synopsis (help.go)
	run   func(e *env, args []string) int
}

var commands []*command

func init() {
	commands = []*command{bazelCommand, checkCommand, explainCommand, fmtCommand, generateCommand, versionCommand}
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
		if len(args) == 1 {
			usage(stdout)
			return ExitOK
		}
		c := lookup(args[1])
		if c == nil || len(args) > 2 {
			if c == nil {
				fmt.Fprintf(stderr, "fadj help: unknown command %q%s\nRun 'fadj help' for the commands.\n", args[1], commandHint(args[1]))
			} else {
				fmt.Fprintf(stderr, "usage: fadj help [command]\n")
			}
			return ExitUsage
		}
		return help(e, c)
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "fadj: unknown command %q%s\nRun 'fadj help' for usage.\n", name, commandHint(name))
		return ExitUsage
	}
	if wantsHelp(args[1:]) {
		return help(e, c)
	}
	return c.run(e, args[1:])
}

// help prints a command's help to stdout: fadj help X and fadj X -h
// print the same, by running X -h with e.help set.
func help(e *env, c *command) int {
	h := *e
	h.help = true
	c.run(&h, []string{"-h"})
	return ExitOK
}

// wantsHelp reports whether a command's arguments ask for help (-h,
// -help or --help before a --).
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// commandHint suggests the command a mistyped one probably is.
func commandHint(name string) string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	if s := suggest.Nearest(name, names); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
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
	fmt.Fprintf(w, "\nRun 'fadj help <command>' (or 'fadj <command> -h') for a command's help and flags.\nDocumentation: https://github.com/fadj-dev/fadj/tree/main/docs\n")
}

// newFlagSet returns a flag set that reports errors the fadj way: a bad
// flag prints the error and the synopsis on stderr; -h (e.help) prints
// the command's help on stdout.
func newFlagSet(e *env, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("fadj "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		if !e.help {
			fmt.Fprintf(e.stderr, "usage: fadj %s\nRun 'fadj help %s' for details.\n", c.usage, c.name)
			return
		}
		fmt.Fprintf(e.stdout, "usage: fadj %s\n\n%s%s.\n\n%s\n", c.usage, strings.ToUpper(c.short[:1]), c.short[1:], strings.TrimSpace(c.long))
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintf(e.stdout, "\nFlags:\n")
			fs.SetOutput(e.stdout)
			fs.PrintDefaults()
			fs.SetOutput(e.stderr)
		}
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
