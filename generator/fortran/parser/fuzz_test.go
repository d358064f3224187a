package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// FuzzParse checks that no input makes the parser panic or loop, in
// either source form, and that the tree it returns can be walked.
func FuzzParse(f *testing.F) {
	for _, tt := range exprTests {
		f.Add("x = " + tt.src + "\nend\n")
	}
	for _, tt := range stmtTests {
		f.Add("program t\n" + tt.src + "\nend program t\n")
	}
	for _, tt := range fileTests {
		f.Add(tt.src)
	}
	for _, tt := range errorTests {
		f.Add(tt.src)
	}
	corpus, _ := filepath.Glob(filepath.Join("..", "testdata", "corpus", "*.f*"))
	for _, name := range corpus {
		if src, err := os.ReadFile(name); err == nil && len(src) < 6000 {
			f.Add(string(src))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				os.WriteFile(filepath.Join(os.TempDir(), "fadj-parser-hang.txt"), []byte(src), 0o644)
				panic(fmt.Sprintf("parser hangs on %q", src))
			}
		}()
		for _, name := range []string{"x.f90", "x.f"} {
			file, _ := ParseFile(source.NewFileSet(), name, []byte(src), Config{})
			if file == nil {
				t.Fatal("nil file")
			}
			for _, u := range file.Units {
				ast.Inspect(u, func(n ast.Node) bool {
					if n != nil {
						_ = n.Pos()
					}
					return true
				})
			}
			_ = dumpFile(file)
		}
		_, _ = ParseExpr(src)
	})
}
