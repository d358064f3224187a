package sema

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/source"
)

// TestCorpus parses and checks every program of the corpus: each must
// analyse without errors.
func TestCorpus(t *testing.T) {
	dir := filepath.Join("..", "fortran", "testdata", "corpus")
	var names []string
	for _, pat := range []string{"*.f", "*.f90", "*.F", "*.F90", "*.for", "*.f95", "*.f03", "*.f08"} {
		m, _ := filepath.Glob(filepath.Join(dir, pat))
		names = append(names, m...)
	}
	sort.Strings(names)
	if len(names) == 0 {
		t.Skip("no corpus")
	}
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			fset := source.NewFileSet()
			f, err := parser.ParseFile(fset, filepath.Base(name), src, parser.Config{})
			if err != nil {
				t.Skipf("parse error (not sema's): %v", err)
			}
			info, err := Check(fset, []*ast.File{f}, nil)
			if err != nil {
				var sb strings.Builder
				diag.Print(&sb, err, 20)
				t.Errorf("check errors:\n%s", sb.String())
			}
			// the same with Uses and Defs filled concurrently
			saved := asyncThreshold
			asyncThreshold = 0
			info2, _ := Check(fset, []*ast.File{f}, nil)
			asyncThreshold = saved
			if len(info2.Uses) != len(info.Uses) || len(info2.Defs) != len(info.Defs) {
				t.Errorf("concurrent recording: %d/%d uses, %d/%d defs", len(info2.Uses), len(info.Uses), len(info2.Defs), len(info.Defs))
			}
			if info == nil {
				t.Fatal("nil info")
			}
			for _, msg := range coverage(fset, f, info) {
				t.Error(msg)
			}
			order, _ := info.CallGraph.BottomUp()
			if len(order) == 0 {
				t.Errorf("empty bottom-up order")
			}
		})
	}
}

// coverage reports the expressions of f that Check left without a type
// and the CallExprs it left unclassified.
func coverage(fset *source.FileSet, f *ast.File, info *Info) []string {
	var out []string
	var stack []ast.Node
	report := func(n ast.Node, what string) {
		if len(out) < 30 {
			out = append(out, fmt.Sprintf("%s: %s", fset.Position(n.Pos()), what))
		}
	}
	ast.Inspect(f.Units[0], func(n ast.Node) bool { return false }) // smoke
	for _, u := range f.Units {
		ast.Inspect(u, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			var parent ast.Node
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, n)
			switch x := n.(type) {
			case *ast.CallExpr:
				if c, ok := info.Calls[x]; !ok || c.Kind == CallUnknown {
					report(x, "unclassified call")
				}
			case *ast.Ident:
				if kw, ok := parent.(*ast.KeywordArg); ok && kw.Name == x {
					return true
				}
				if _, ok := parent.(*ast.IOStmt); ok && x.Name == "" {
					return true
				}
				if info.ObjectOf(x) == nil {
					if _, isUnit := parent.(*ast.Unit); !isUnit {
						report(x, "no object for "+x.Name)
					}
				}
			}
			if x, ok := n.(ast.Expr); ok {
				switch y := x.(type) {
				case *ast.RangeExpr, *ast.StarExpr, *ast.LabelRef, *ast.ImpliedDo, *ast.ColonLen, *ast.KeywordArg:
					return true
				case *ast.Ident:
					if s := info.ObjectOf(y); s != nil && s.Kind != VarSym && s.Kind != ConstSym {
						return true
					}
				case *ast.SelectorExpr:
					if s := info.Uses[y.Sel]; s != nil && (s.Kind == BindingSym || s.Kind == GenericSym) {
						return true
					}
				}
				if _, ok := parent.(*ast.KeywordArg); ok {
					return true
				}
				if t := info.TypeOf(x); t == nil || t == Invalid {
					report(x, fmt.Sprintf("no type for %T", x))
				}
			}
			return true
		})
	}
	return out
}

// TestDamagedSources checks that Check never panics on the partial trees
// the parser returns for broken sources: each corpus file with one line
// deleted, and cut short after each line.
func TestDamagedSources(t *testing.T) {
	dir := filepath.Join("..", "fortran", "testdata", "corpus")
	names, _ := filepath.Glob(filepath.Join(dir, "*.f*"))
	if len(names) == 0 {
		t.Skip("no corpus")
	}
	step := 2
	if testing.Short() {
		step = 9
	}
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(src), "\n")
		for i := 0; i < len(lines); i += step {
			deleted := strings.Join(lines[:i], "") + strings.Join(lines[i+1:], "")
			cut := strings.Join(lines[:i], "")
			for _, variant := range []string{deleted, cut} {
				fset := source.NewFileSet()
				f, _ := parser.ParseFile(fset, filepath.Base(name), []byte(variant), parser.Config{})
				if f == nil {
					continue
				}
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("%s without line %d: panic: %v\n%s", name, i+1, r, debugStack())
						}
					}()
					Check(fset, []*ast.File{f}, nil)
				}()
			}
		}
	}
}

func debugStack() string { return string(debug.Stack()) }

// TestNilFields checks that Check never panics when any single pointer,
// interface or slice field of a parsed tree is nil or empty, as in
// partial trees after syntax errors.
func TestNilFields(t *testing.T) {
	dir := filepath.Join("..", "fortran", "testdata", "corpus")
	names, _ := filepath.Glob(filepath.Join(dir, "*.f*"))
	if len(names) == 0 {
		t.Skip("no corpus")
	}
	stride := 3 // every third field: about a second on an idle machine
	if testing.Short() {
		stride = 17
	}
	for _, name := range names {
		src, _ := os.ReadFile(name)
		fset := source.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Base(name), src, parser.Config{})
		if f == nil || err != nil {
			continue
		}
		var fields []reflect.Value
		seen := map[uintptr]bool{}
		var walk func(v reflect.Value)
		walk = func(v reflect.Value) {
			switch v.Kind() {
			case reflect.Ptr:
				if v.IsNil() || seen[v.Pointer()] {
					return
				}
				seen[v.Pointer()] = true
				walk(v.Elem())
			case reflect.Interface:
				if !v.IsNil() {
					walk(v.Elem())
				}
			case reflect.Slice:
				for i := 0; i < v.Len(); i++ {
					if e := v.Index(i); (e.Kind() == reflect.Ptr || e.Kind() == reflect.Interface) && !e.IsNil() {
						fields = append(fields, e)
					}
					walk(v.Index(i))
				}
			case reflect.Struct:
				for i := 0; i < v.NumField(); i++ {
					fv := v.Field(i)
					if !fv.CanSet() {
						continue
					}
					switch fv.Kind() {
					case reflect.Ptr, reflect.Interface, reflect.Slice:
						if !fv.IsNil() {
							fields = append(fields, fv)
						}
					}
					walk(fv)
				}
			}
		}
		walk(reflect.ValueOf(f))
		for i := 0; i < len(fields); i += stride {
			fv := fields[i]
			old := reflect.ValueOf(fv.Interface())
			fv.Set(reflect.Zero(fv.Type()))
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s: field %d (%s) nil: panic: %v\n%s", name, i, fv.Type(), r, debugStack())
					}
				}()
				Check(fset, []*ast.File{f}, nil)
			}()
			fv.Set(old)
			if t.Failed() {
				return
			}
		}
	}
}

// TestAsyncRecorder checks that filling Uses and Defs concurrently gives
// the same maps as filling them directly (run it with -race).
func TestAsyncRecorder(t *testing.T) {
	text := genSource(5000)
	fset := source.NewFileSet()
	f, err := parser.ParseFile(fset, "gen.f90", []byte(text), parser.Config{})
	if err != nil {
		t.Fatal(err)
	}
	files := []*ast.File{f}
	sync, _ := Check(fset, files, nil)
	saved := asyncThreshold
	asyncThreshold = 0
	defer func() { asyncThreshold = saved }()
	async, _ := Check(fset, files, nil)
	key := func(s *Symbol) string {
		if s == nil {
			return "<nil>"
		}
		return fmt.Sprintf("%s %s %d", s.Kind, s.Name, s.Pos)
	}
	for _, m := range [][2]map[*ast.Ident]*Symbol{{sync.Uses, async.Uses}, {sync.Defs, async.Defs}} {
		if len(m[0]) != len(m[1]) || len(m[0]) == 0 {
			t.Fatalf("sizes %d and %d", len(m[0]), len(m[1]))
		}
		for id, s := range m[0] {
			if key(s) != key(m[1][id]) {
				t.Fatalf("%s: %s vs %s", id.Name, key(s), key(m[1][id]))
			}
		}
	}
}
