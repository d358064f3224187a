package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fuzzbound"
	"github.com/fadj-dev/fadj/generator/source"
)

// parseBudget is what parsing an input may cost: linear in its size
// (about 100 bytes allocated per byte parsed), with wide margins.
var parseBudget = fuzzbound.Budget{Time: 2 * time.Second, TimePerByte: 20 * time.Microsecond, Alloc: 16 << 20, AllocPerByte: 2 << 10}

// FuzzParse checks that no input makes the parser panic or loop, in
// either source form, that it costs time and memory linear in the input,
// and that the tree it returns can be walked.
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
	for _, tt := range splitTests {
		f.Add(tt.src)
	}
	for _, tt := range splitErrorTests {
		f.Add(tt.src)
	}
	for _, tt := range errorTests {
		if len(tt.src) < 64<<10 { // not the statements of 2^18 operators
			f.Add(tt.src)
		}
	}
	for _, src := range fuzzbound.Large(16 << 10) {
		f.Add(src)
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
			var file *ast.File
			var err error
			fset := source.NewFileSet()
			parseBudget.Run(t, len(src), func() { file, err = ParseFile(fset, name, []byte(src), Config{}) })
			if file == nil {
				t.Fatal("nil file")
			}
			for _, u := range file.Units {
				ast.Inspect(u, func(n ast.Node) bool {
					// The Pos of a sum is its leftmost operand's, found
					// by walking down: asked of every operation of a
					// long sum, it would cost the square of its length.
					if b, ok := n.(*ast.BinaryExpr); ok {
						if _, left := b.X.(*ast.BinaryExpr); left {
							return true
						}
					}
					if n != nil {
						_ = n.Pos()
					}
					return true
				})
			}
			_ = dumpFile(file)
			if err == nil {
				_ = SplitEntries(fset, file, map[*ast.Unit]diag.List{})
				_ = dumpFile(file)
			}
		}
		_, _ = ParseExpr(src)
	})
}
