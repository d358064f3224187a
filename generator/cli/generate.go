package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/writeout"
)

var generateCommand = &command{
	name:  "generate",
	short: "generate the derivative code a spec asks for",
	usage: "generate [-check] [-all] spec.yaml",
}

func init() { generateCommand.run = runGenerate }

// runGenerate runs one spec and writes its outputs all or nothing, or,
// with -check, compares them with the files on disk.
func runGenerate(e *env, args []string) int {
	fs := newFlagSet(e, generateCommand)
	check := fs.Bool("check", false, "write nothing; exit 1 and print a diff if the files on disk are not what would be generated")
	all := fs.Bool("all", false, "print all diagnostics, not just the first 10")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(e.stderr, "usage: fadj %s\n", generateCommand.usage)
		return ExitUsage
	}
	specPath := fs.Arg(0)
	res, err := driver.Generate(specPath)
	if res != nil && len(res.Warnings) > 0 {
		diag.Print(e.stderr, res.Warnings, 0)
	}
	if err != nil {
		printDiags(e, err, *all)
		return ExitInput
	}
	dir := filepath.Dir(specPath)
	if *check {
		stale := 0
		for _, f := range res.Files {
			p := filepath.Join(dir, filepath.FromSlash(f.Path))
			old, err := os.ReadFile(p)
			if err != nil && !errors.Is(err, errNotExist) {
				fmt.Fprintf(e.stderr, "fadj generate: %v\n", err)
				return ExitInput
			}
			if err == nil && bytes.Equal(old, f.Data) {
				continue
			}
			stale++
			if err != nil {
				fmt.Fprintf(e.stdout, "--- %s (missing on disk)\n+++ %s (generated)\n", p, p)
				old = nil
			} else {
				fmt.Fprintf(e.stdout, "--- %s (on disk)\n+++ %s (generated)\n", p, p)
			}
			writeLineDiff(e.stdout, old, f.Data)
		}
		if stale > 0 {
			files := "files are"
			if stale == 1 {
				files = "file is"
			}
			fmt.Fprintf(e.stderr, "fadj generate: %d generated %s stale; run fadj generate %s\n", stale, files, specPath)
			return ExitInput
		}
		return ExitOK
	}
	var w writeout.Set
	for _, f := range res.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := w.Add(p, f.Data); err != nil {
			fmt.Fprintf(e.stderr, "fadj generate: %v\n", err)
			return ExitInput
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			fmt.Fprintf(e.stderr, "fadj generate: %v\n", err)
			return ExitInput
		}
	}
	if err := w.Commit(); err != nil {
		fmt.Fprintf(e.stderr, "fadj generate: %v\n", err)
		return ExitInput
	}
	return ExitOK
}

var errNotExist = fs.ErrNotExist

// writeLineDiff writes a simple line diff of a and b: the common prefix and
// suffix are dropped, the differing middle is printed as - and + lines
// under one @@ header giving its line ranges.
func writeLineDiff(w io.Writer, a, b []byte) {
	al, bl := splitLines(a), splitLines(b)
	pre := 0
	for pre < len(al) && pre < len(bl) && al[pre] == bl[pre] {
		pre++
	}
	suf := 0
	for suf < len(al)-pre && suf < len(bl)-pre && al[len(al)-1-suf] == bl[len(bl)-1-suf] {
		suf++
	}
	da, db := al[pre:len(al)-suf], bl[pre:len(bl)-suf]
	fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", pre+1, len(da), pre+1, len(db))
	for _, l := range da {
		fmt.Fprintf(w, "-%s\n", l)
	}
	for _, l := range db {
		fmt.Fprintf(w, "+%s\n", l)
	}
}

func splitLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	s := string(b)
	var out []string
	for len(s) > 0 {
		i := bytes.IndexByte([]byte(s), '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i])
		s = s[i+1:]
	}
	return out
}
