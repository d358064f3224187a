package sema

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/source"
)

// dumpInfo writes a readable summary of what Check found.
func dumpInfo(fset *source.FileSet, info *Info) string {
	var sb strings.Builder
	var scopes []*Scope
	for _, s := range info.Scopes {
		scopes = append(scopes, s)
	}
	pos := func(s *Scope) source.Pos {
		if s.Construct != nil {
			return s.Construct.Pos()
		}
		return s.Unit.Pos()
	}
	sort.Slice(scopes, func(i, j int) bool { return pos(scopes[i]) < pos(scopes[j]) })
	for _, s := range scopes {
		name := ""
		if s.Symbol != nil {
			name = s.Symbol.Name
		}
		fmt.Fprintf(&sb, "scope %s %s (implicit none=%v)\n", s.Kind, name, s.ImplicitNone())
		for _, sym := range s.Symbols() {
			fmt.Fprintf(&sb, "  %s", symString(sym))
			sb.WriteString("\n")
		}
		for _, imp := range s.Imports {
			fmt.Fprintf(&sb, "  use %s: %s => %s\n", imp.Module.Name, imp.Local, imp.Symbol.Name)
		}
	}
	order, cycles := info.CallGraph.BottomUp()
	sb.WriteString("bottom-up:")
	for _, n := range order {
		sb.WriteString(" " + n.Proc.Name)
	}
	sb.WriteString("\n")
	for _, cy := range cycles {
		fmt.Fprintf(&sb, "cycle: %v\n", cy)
	}
	for _, n := range info.CallGraph.Nodes {
		if len(n.Callees) == 0 && len(n.Refs) == 0 {
			continue
		}
		fmt.Fprintf(&sb, "calls %s ->", n.Proc.Name)
		for _, c := range n.Callees {
			tag := ""
			switch {
			case c.Intrinsic():
				tag = "(i)"
			case c.External():
				tag = "(x)"
			}
			sb.WriteString(" " + c.Proc.Name + tag)
		}
		if len(n.Refs) > 0 {
			fmt.Fprintf(&sb, " refs %v", n.Refs)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func symString(sym *Symbol) string {
	s := fmt.Sprintf("%s %s", sym.Kind, sym.Name)
	if sym.Type != nil {
		s += " " + sym.Type.String()
	}
	if len(sym.Dims) > 0 {
		s += " dims("
		for i, d := range sym.Dims {
			if i > 0 {
				s += ","
			}
			switch d.Kind {
			case AssumedShape:
				s += ":"
			case DeferredShape:
				s += ":d"
			case AssumedSize:
				s += "*"
			default:
				if d.Lo.Const && d.Hi.Const {
					s += fmt.Sprintf("%d:%d", d.Lo.Value, d.Hi.Value)
				} else {
					s += "?"
				}
			}
		}
		s += ")"
	}
	if sym.Attrs != 0 {
		s += " [" + sym.Attrs.String() + "]"
	}
	if sym.Intent != ast.IntentNone {
		s += " intent(" + sym.Intent.String() + ")"
	}
	if sym.Value != nil {
		s += " = " + sym.Value.String()
	}
	if sym.Proc != nil {
		s += " proc:" + sym.Proc.Kind.String()
		switch sym.Proc.Form {
		case FormFunction:
			s += ",function"
		case FormSubroutine:
			s += ",subroutine"
		}
	}
	if sym.Implicit {
		s += " (implicit)"
	}
	if sym.Common != nil && sym.Kind == VarSym {
		s += fmt.Sprintf(" common /%s/#%d", sym.Common.Name, sym.CommonIndex)
	}
	if len(sym.Components) > 0 {
		s += " {"
		for i, c := range sym.Components {
			if i > 0 {
				s += "; "
			}
			s += symString(c)
		}
		s += "}"
	}
	return s
}

// TestDump prints the analysis of the files named by $SEMA_DUMP.
func TestDump(t *testing.T) {
	env := os.Getenv("SEMA_DUMP")
	if env == "" {
		t.Skip("set SEMA_DUMP")
	}
	fset := source.NewFileSet()
	var files []*ast.File
	for _, name := range strings.Fields(env) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, filepath.Base(name), src, parser.Config{})
		if err != nil {
			t.Log(err)
		}
		files = append(files, f)
	}
	info, err := Check(fset, files, nil)
	if err != nil {
		t.Log(err)
	}
	t.Log("\n" + dumpInfo(fset, info))
}
