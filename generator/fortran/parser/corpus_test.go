package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/source"
)

// TestCorpus parses every program of the shared corpus: none may give
// a diagnostic.
func TestCorpus(t *testing.T) {
	var files []string
	all, _ := filepath.Glob(filepath.Join("..", "testdata", "corpus", "*"))
	for _, name := range all {
		switch strings.ToLower(filepath.Ext(name)) {
		case ".f", ".for", ".f77", ".ftn", ".f90", ".f95", ".f03", ".f08":
			files = append(files, name)
		}
	}
	if len(files) == 0 {
		t.Skip("no corpus files")
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		fset := source.NewFileSet()
		f, err := ParseFile(fset, name, src, Config{})
		if err != nil {
			var b strings.Builder
			diag.Print(&b, err, 10)
			t.Errorf("%s:\n%s", name, b.String())
			continue
		}
		if len(f.Units) == 0 {
			t.Errorf("%s: no units", name)
		}
	}
}
