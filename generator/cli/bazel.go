package cli

import (
	"errors"
	"fmt"
	"os"

	"github.com/fadj-dev/fadj/generator/bazelgen"
)

var bazelCommand = &command{
	name:  "bazel",
	short: "create or update the Bazel targets of the specs under a directory",
	usage: "bazel [-check] [-load label] [-all] [dir]",
}

func init() { bazelCommand.run = runBazel }

// runBazel updates the build files of the specs under a directory (".")
// and prints the files it wrote.
func runBazel(e *env, args []string) int {
	fs := newFlagSet(e, bazelCommand)
	load := fs.String("load", bazelgen.DefaultLoad, "label of the .bzl file new load statements name (a file that loads the rules keeps its label)")
	check := fs.Bool("check", false, "write nothing; exit 1 and print a diff if a build file is not what fadj bazel would write")
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
	opts := bazelgen.Options{Load: *load}
	if *check {
		return checkBazel(e, dir, opts, *all)
	}
	written, err := bazelgen.Run(dir, opts)
	if err != nil {
		printDiags(e, err, *all)
		return ExitInput
	}
	for _, p := range written {
		fmt.Fprintf(e.stdout, "wrote %s\n", p)
	}
	return ExitOK
}

// checkBazel prints a diff of each build file fadj bazel would write and
// exits 1 if there is one.
func checkBazel(e *env, dir string, opts bazelgen.Options, all bool) int {
	files, err := bazelgen.Plan(dir, opts)
	if err != nil {
		printDiags(e, err, all)
		return ExitInput
	}
	for _, f := range files {
		old, err := os.ReadFile(f.Path)
		if err != nil && !errors.Is(err, errNotExist) {
			fmt.Fprintf(e.stderr, "fadj bazel: %v\n", err)
			return ExitInput
		}
		if err != nil {
			fmt.Fprintf(e.stdout, "--- %s (missing on disk)\n+++ %s (fadj bazel)\n", f.Path, f.Path)
		} else {
			fmt.Fprintf(e.stdout, "--- %s (on disk)\n+++ %s (fadj bazel)\n", f.Path, f.Path)
		}
		writeLineDiff(e.stdout, old, f.Data)
	}
	if len(files) > 0 {
		fmt.Fprintf(e.stderr, "fadj bazel: %d build file(s) are stale; run fadj bazel %s\n", len(files), dir)
		return ExitInput
	}
	return ExitOK
}
