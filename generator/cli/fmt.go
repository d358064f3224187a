package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/writeout"
)

var fmtCommand = &command{
	name:  "fmt",
	short: "parse and check Fortran files and print them as free-form Fortran",
	usage: "fmt [-D name[=value]] [-I dir] [-form fixed|free] [-d dir] [-all] file...",
}

func init() { fmtCommand.run = runFmt }

// runFmt parses and checks all files together (so that modules used
// across files resolve), then prints each. Nothing is printed or
// written unless every file is free of errors.
func runFmt(e *env, args []string) int {
	fs := newFlagSet(e, fmtCommand)
	defines := defineFlag{}
	var includes listFlag
	fs.Var(defines, "D", "define a preprocessor `name[=value]` (repeatable)")
	fs.Var(&includes, "I", "search `dir` for included files (repeatable)")
	form := fs.String("form", "", "source form of all files: fixed or free (default: by extension)")
	dir := fs.String("d", "", "write each file to `dir`/<name>.f90 instead of standard output")
	all := fs.Bool("all", false, "print all diagnostics, not just the first 10")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	files := fs.Args()
	if len(files) == 0 {
		fmt.Fprintf(e.stderr, "usage: fadj %s\n", fmtCommand.usage)
		return ExitUsage
	}
	conf := load.Config{Defines: defines, IncludeDirs: includes, KeepEntries: true}
	switch *form {
	case "":
	case "fixed", "free":
		f := ast.FreeForm
		if *form == "fixed" {
			f = ast.FixedForm
		}
		conf.Form = &f
	default:
		fmt.Fprintf(e.stderr, "fadj fmt: -form must be fixed or free, not %q\n", *form)
		return ExitUsage
	}

	prog, err := load.Files(files, conf)
	if err != nil {
		printDiags(e, err, *all)
		return ExitInput
	}
	outs := make([][]byte, len(prog.Files))
	for i, f := range prog.Files {
		var buf bytes.Buffer
		if err := printer.Fprint(&buf, f); err != nil {
			fmt.Fprintf(e.stderr, "%s: %v\n", f.Name, err)
			return ExitInput
		}
		outs[i] = buf.Bytes()
	}
	if *dir == "" {
		for _, out := range outs {
			e.stdout.Write(out)
		}
		return ExitOK
	}
	var w writeout.Set
	for i, f := range prog.Files {
		base := filepath.Base(f.Name)
		base = strings.TrimSuffix(base, filepath.Ext(base)) + ".f90"
		if err := w.Add(filepath.Join(*dir, base), outs[i]); err != nil {
			fmt.Fprintf(e.stderr, "fadj fmt: %v\n", err)
			return ExitUsage
		}
	}
	if err := os.MkdirAll(*dir, 0o777); err != nil {
		fmt.Fprintf(e.stderr, "fadj fmt: %v\n", err)
		return ExitInput
	}
	if err := w.Commit(); err != nil {
		fmt.Fprintf(e.stderr, "fadj fmt: %v\n", err)
		return ExitInput
	}
	return ExitOK
}

// printDiags prints diagnostics, sorted, at most maxErrors unless all.
func printDiags(e *env, err error, all bool) {
	max := maxErrors
	if all {
		max = 0
	}
	if _, ok := err.(diag.List); !ok {
		fmt.Fprintf(e.stderr, "fadj: %v\n", err)
		return
	}
	diag.Print(e.stderr, err, max)
}
