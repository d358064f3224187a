package testscript

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/cli"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestDocs keeps the documentation true (issue 15): every fenced code
// block of README.md and docs/*.md must be one of
//
//   - an example that runs: its text is part of a scenario of testdata/
//     (a file the scenario compares with, or the script), and for a
//     shell block every command is in one scenario's script, so that
//     go test runs it;
//   - the synopsis of a command, as fadj help prints it;
//   - marked, by an HTML comment on the line before the fence:
//     <!-- doc: from PATH --> the text is part of that file;
//     <!-- doc: excerpt of PATH --> its lines appear in that file in
//     order (in any file of a directory, in any order), "..." lines and
//     trailing "! ..." comments of the page aside;
//     <!-- doc: excerpt of SPEC, generated FILE --> the same, in the file
//     fadj generates from SPEC;
//     <!-- doc: paths --> each line starts with a path of the repository;
//     <!-- doc: not run: REASON --> not run, for the reason given.
func TestDocs(t *testing.T) {
	pages, err := filepath.Glob("../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{"../README.md"}, pages...)
	scenarios := loadScenarios(t)
	synopses := commandSynopses(t)
	n := 0
	for _, page := range pages {
		for _, b := range fencedBlocks(t, page) {
			n++
			where := fmt.Sprintf("%s:%d", strings.TrimPrefix(page, "../"), b.line)
			if err := checkBlock(b, scenarios, synopses); err != "" {
				t.Errorf("%s: %s\n%s", where, err, b.text)
			}
			if strings.HasPrefix(b.note, "not run:") {
				t.Logf("%s: %s", where, b.note)
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d code blocks in the docs: is the parser broken?", n)
	}
}

// block is a fenced code block of a page.
type block struct {
	line int    // of the opening fence
	lang string // the info string
	note string // the <!-- doc: ... --> annotation, "" if none
	text string // the content, dedented
}

var noteRE = regexp.MustCompile(`^<!-- doc: (.*) -->$`)

func fencedBlocks(t *testing.T, page string) []block {
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []block
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimLeft(lines[i], " ")
		if !strings.HasPrefix(trimmed, "```") {
			continue
		}
		indent := len(lines[i]) - len(trimmed)
		b := block{line: i + 1, lang: strings.TrimSpace(strings.TrimPrefix(trimmed, "```"))}
		if i > 0 {
			if m := noteRE.FindStringSubmatch(strings.TrimSpace(lines[i-1])); m != nil {
				b.note = m[1]
			}
		}
		var body []string
		j := i + 1
		for ; j < len(lines) && !strings.HasPrefix(strings.TrimLeft(lines[j], " "), "```"); j++ {
			l := lines[j]
			if len(l) >= indent && strings.TrimSpace(l[:indent]) == "" {
				l = l[indent:]
			}
			body = append(body, l)
		}
		if j == len(lines) {
			t.Errorf("%s:%d: unterminated code block", page, i+1)
		}
		b.text = strings.Join(body, "\n")
		out = append(out, b)
		i = j
	}
	return out
}

// scenario is one txtar scenario: its script and its files.
type scenario struct {
	name   string
	script string
	files  []string
}

func loadScenarios(t *testing.T) []scenario {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var out []scenario
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := scenario{name: p, script: normalize(string(a.Comment))}
		for _, f := range a.Files {
			s.files = append(s.files, normalize(string(f.Data)))
		}
		out = append(out, s)
	}
	return out
}

// commandSynopses returns "fadj <usage>" of every command, as fadj help
// prints it.
func commandSynopses(t *testing.T) []string {
	var out bytes.Buffer
	cli.Main([]string{"help"}, strings.NewReader(""), &out, &out)
	var syn []string
	for _, m := range regexp.MustCompile(`(?m)^\t(\S+) `).FindAllStringSubmatch(out.String(), -1) {
		var h bytes.Buffer
		cli.Main([]string{"help", m[1]}, strings.NewReader(""), &h, &h)
		first, _, _ := strings.Cut(h.String(), "\n")
		syn = append(syn, strings.TrimPrefix(first, "usage: "))
	}
	if len(syn) < 5 {
		t.Fatalf("fadj help lists %d commands:\n%s", len(syn), out.String())
	}
	return syn
}

// normalize drops trailing blanks of lines and blank lines at the ends.
func normalize(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// checkBlock says why a block is not kept true by a test, or "".
func checkBlock(b block, scenarios []scenario, synopses []string) string {
	text := normalize(b.text)
	note := b.note
	switch {
	case strings.HasPrefix(note, "not run:"):
		if strings.TrimSpace(strings.TrimPrefix(note, "not run:")) == "" {
			return "a block not run must say why"
		}
		return ""
	case note == "paths":
		for _, l := range strings.Split(text, "\n") {
			if f := strings.Fields(l); len(f) > 0 {
				if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(f[0]))); err != nil {
					return fmt.Sprintf("%s does not exist", f[0])
				}
			}
		}
		return ""
	case strings.HasPrefix(note, "from "):
		p := strings.TrimPrefix(note, "from ")
		data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(p)))
		if err != nil {
			return err.Error()
		}
		if !strings.Contains(normalize(string(data)), text) {
			return "the text is not in " + p
		}
		return ""
	case strings.HasPrefix(note, "excerpt of "):
		return checkExcerpt(strings.TrimPrefix(note, "excerpt of "), text)
	case note != "":
		return "unknown annotation: " + note
	}
	if isSynopsis(text, synopses) {
		return ""
	}
	if b.lang == "sh" {
		return checkCommands(text, scenarios)
	}
	for _, s := range scenarios {
		if strings.Contains(s.script, text) || slices.ContainsFunc(s.files, func(f string) bool { return strings.Contains(f, text) }) {
			return ""
		}
	}
	return "no scenario of testscript/testdata holds this text: add one that produces or uses it, or mark the block (see TestDocs)"
}

func isSynopsis(text string, synopses []string) bool {
	lines := strings.Split(text, "\n")
	for _, l := range lines {
		if !slices.Contains(synopses, l) {
			return false
		}
	}
	return len(lines) > 0
}

var envAssign = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)=\S*$`)

// checkCommands checks that every command of a shell block is in the
// script of one scenario (an assignment NAME=... as an env command).
func checkCommands(text string, scenarios []scenario) string {
	var cmds []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if m := envAssign.FindStringSubmatch(l); m != nil {
			cmds = append(cmds, "env "+m[1]+"=")
			continue
		}
		if i := strings.Index(l, " #"); i >= 0 {
			l = strings.TrimSpace(l[:i])
		}
		cmds = append(cmds, l)
	}
	for _, s := range scenarios {
		all := true
		for _, c := range cmds {
			if !strings.Contains(s.script, c) {
				all = false
				break
			}
		}
		if all {
			return ""
		}
	}
	return "no scenario of testscript/testdata runs all of these commands"
}

// trailingComment is a comment the page adds to a line of an excerpt.
var trailingComment = regexp.MustCompile(`\s+(!|//).*$`)

// checkExcerpt checks a block against a file, a directory or a
// generated file ("SPEC, generated FILE").
func checkExcerpt(what, text string) string {
	var files []string // the texts to look in
	ordered := true
	if spec, gen, ok := strings.Cut(what, ", generated "); ok {
		res, err := driver.Generate(filepath.Join("..", filepath.FromSlash(spec)))
		if err != nil {
			return fmt.Sprintf("fadj generate %s: %v", spec, err)
		}
		for _, f := range res.Files {
			if path.Base(f.Path) == gen {
				files = append(files, string(f.Data))
			}
		}
		if files == nil {
			return fmt.Sprintf("fadj generate %s writes no %s", spec, gen)
		}
	} else {
		p := filepath.Join("..", filepath.FromSlash(what))
		fi, err := os.Stat(p)
		if err != nil {
			return err.Error()
		}
		if fi.IsDir() {
			ordered = false
			ents, _ := os.ReadDir(p)
			for _, e := range ents {
				if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
					data, err := os.ReadFile(filepath.Join(p, e.Name()))
					if err != nil {
						return err.Error()
					}
					files = append(files, string(data))
				}
			}
		} else {
			data, err := os.ReadFile(p)
			if err != nil {
				return err.Error()
			}
			files = append(files, string(data))
		}
	}
	collapse := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	var corpus [][]string
	for _, f := range files {
		var ls []string
		sc := bufio.NewScanner(strings.NewReader(f))
		for sc.Scan() {
			ls = append(ls, collapse(sc.Text()))
		}
		corpus = append(corpus, ls)
	}
	if ordered {
		lines, at := corpus[0], 0
		for _, l := range strings.Split(text, "\n") {
			want := collapse(l)
			if want == "" || want == "..." {
				continue
			}
			found := false
			for _, w := range []string{want, collapse(trailingComment.ReplaceAllString(l, ""))} {
				if k := slices.Index(lines[at:], w); k >= 0 {
					at += k + 1
					found = true
					break
				}
			}
			if !found {
				return fmt.Sprintf("line %q is not in %s after the lines before it", strings.TrimSpace(l), what)
			}
		}
		return ""
	}
	for _, l := range strings.Split(text, "\n") {
		if w := collapse(l); w == "" || w == "..." {
			continue
		}
		found := false
		for _, want := range []string{collapse(l), collapse(trailingComment.ReplaceAllString(l, ""))} {
			for _, ls := range corpus {
				if slices.ContainsFunc(ls, func(s string) bool { return strings.Contains(s, want) }) {
					found = true
				}
			}
		}
		if !found {
			return fmt.Sprintf("line %q is in no file of %s", strings.TrimSpace(l), what)
		}
	}
	return ""
}
