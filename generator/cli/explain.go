package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/explain"
	"github.com/fadj-dev/fadj/generator/writeout"
)

var explainCommand = &command{
	name:  "explain",
	short: "report what fadj decided, line by line of the differentiated routines",
	usage: "explain [-html file] [-all] [-allow-absolute-includes] spec.yaml",
}

func init() { explainCommand.run = runExplain }

// runExplain generates a spec in memory, writing nothing of its code, and
// prints the report as text, or writes it as an HTML page.
func runExplain(e *env, args []string) int {
	fs := newFlagSet(e, explainCommand)
	html := fs.String("html", "", "write the report as a self-contained HTML page to `file` instead of printing it")
	all := fs.Bool("all", false, "print all diagnostics, not just the first 10")
	absIncludes := fs.Bool("allow-absolute-includes", false, "let INCLUDE lines and #include directives name absolute paths")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(e.stderr, "usage: fadj %s\n", explainCommand.usage)
		return ExitUsage
	}
	var warns diag.List
	opts := driver.Options{AllowAbsoluteIncludes: *absIncludes}
	r, err := explain.Run(fs.Arg(0), opts, &warns)
	if len(warns) > 0 {
		diag.Print(e.stderr, warns, 0)
	}
	if err != nil {
		printDiags(e, err, *all)
		return ExitInput
	}
	if *html == "" {
		if err := explain.WriteText(e.stdout, r); err != nil {
			fmt.Fprintf(e.stderr, "fadj explain: %v\n", err)
			return ExitInput
		}
		return ExitOK
	}
	var buf bytes.Buffer
	if err := explain.WriteHTML(&buf, r); err != nil {
		fmt.Fprintf(e.stderr, "fadj explain: %v\n", err)
		return ExitInput
	}
	if err := os.MkdirAll(filepath.Dir(*html), 0o777); err != nil {
		fmt.Fprintf(e.stderr, "fadj explain: %v\n", err)
		return ExitInput
	}
	w := writeout.Set{Inputs: r.Inputs}
	if err := w.Add(*html, buf.Bytes()); err != nil {
		fmt.Fprintf(e.stderr, "fadj explain: %v\n", err)
		return ExitUsage
	}
	if err := w.Commit(); err != nil {
		fmt.Fprintf(e.stderr, "fadj explain: %v\n", err)
		return ExitInput
	}
	fmt.Fprintf(e.stdout, "wrote %s\n", filepath.ToSlash(*html))
	return ExitOK
}
