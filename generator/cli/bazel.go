package cli

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/bazelgen"
)

var bazelCommand = &command{
	name:  "bazel",
	short: "create or update the Bazel targets of the specs under a directory",
	usage: "bazel [-load label] [-all] [dir]",
}

func init() { bazelCommand.run = runBazel }

// runBazel updates the build files of the specs under a directory (".")
// and prints the files it wrote.
func runBazel(e *env, args []string) int {
	fs := newFlagSet(e, bazelCommand)
	load := fs.String("load", bazelgen.DefaultLoad, "label of the .bzl file new load statements name (a file that loads the rules keeps its label)")
	all := fs.Bool("all", false, "print all diagnostics, not just the first 10")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	dir := "."
	switch fs.NArg() {
	case 0:
	case 1:
		dir = fs.Arg(0)
	default:
		fmt.Fprintf(e.stderr, "usage: fadj %s\n", bazelCommand.usage)
		return ExitUsage
	}
	written, err := bazelgen.Run(dir, bazelgen.Options{Load: *load})
	if err != nil {
		printDiags(e, err, *all)
		return ExitInput
	}
	for _, p := range written {
		fmt.Fprintf(e.stdout, "wrote %s\n", p)
	}
	return ExitOK
}
