package driver

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// The derivative code of a module goes in a derivative module of its own
// (m_b, m_d), which uses the module. That module cannot reach the
// module's private entities; copies serve for constants, but not for
// state a procedure changes (decl.Private). For the sources the spec
// lists in output.augment, the derivative modules of their modules are
// put inside the modules instead: the source is written again into the
// output directory with the derivative declarations and procedures
// inserted, and users compile it in place of the source. The rest of the
// text is the user's, byte for byte. A facade module m_b, which only
// re-exports them, keeps the names users and the other generated code
// call.

// augmentedModules returns the modules defined in the sources of
// output.augment, with the name of their file.
func augmentedModules(spec *config.Spec, prog *load.Program) map[*sema.Symbol]string {
	if len(spec.Output.Augment) == 0 {
		return nil
	}
	files := map[string]bool{}
	for _, p := range spec.Output.Augment {
		files[spec.Join(p.Text)] = true
	}
	out := map[*sema.Symbol]string{}
	for _, m := range prog.Info.Modules {
		if m.Inner == nil || m.Inner.Unit == nil {
			continue
		}
		f := prog.Fset.File(m.Inner.Unit.Start)
		if f != nil && files[f.Name()] {
			out[m] = f.Name()
		}
	}
	return out
}

// augmentedSet is augmentedModules as the generators take it.
func augmentedSet(spec *config.Spec, prog *load.Program) map[*sema.Symbol]bool {
	out := map[*sema.Symbol]bool{}
	for m := range augmentedModules(spec, prog) {
		out[m] = true
	}
	return out
}

// augment moves the derivative modules of the augmented modules out of
// files into the texts of their sources, with a facade each, and makes
// every USE of them in the generated code a USE of the module itself
// (the facade follows the module in the same file: a file that needs
// both would otherwise need itself). It returns the augmented sources,
// in the order of output.augment.
func augment(spec *config.Spec, prog *load.Program, files []targetFile, header string) ([]Output, error) {
	mods := augmentedModules(spec, prog)
	if len(spec.Output.Augment) == 0 {
		return nil, nil
	}
	byName := map[string]*sema.Symbol{} // derivative module name -> module
	for m := range mods {
		for _, suf := range []string{spec.Output.Suffix, spec.Output.TangentSuffix} {
			byName[strings.ToLower(m.Name+suf)] = m
		}
	}
	derivs := map[*sema.Symbol][]*ast.Unit{}
	for i := range files {
		f := files[i].file
		var kept []*ast.Unit
		for _, u := range f.Units {
			if u.Kind == ast.ModuleUnit && u.Name != nil && byName[strings.ToLower(u.Name.Name)] != nil {
				m := byName[strings.ToLower(u.Name.Name)]
				derivs[m] = append(derivs[m], u)
				files[i].note += fmt.Sprintf("! Module %s (the derivative code of module %s) is inside module %s of %s, written beside this file (output.augment).\n",
					u.Name.Name, m.Name, m.Name, filepath.Base(mods[m]))
				continue
			}
			kept = append(kept, u)
		}
		f.Units = kept
		respellUses(f, byName)
	}
	for _, us := range derivs {
		for _, u := range us {
			respellUses(&ast.File{Units: []*ast.Unit{u}}, byName)
		}
	}
	// Code outside a module reaches its private variables through
	// accessors inside it (augment_access.go).
	var outside []*ast.Unit
	for i := range files {
		outside = append(outside, files[i].file.Units...)
	}
	// So does the derivative code going into another augmented module
	// (GOTM's turbulence closure calling mtridiagonal, both augmented):
	// it names no private variable of its own module by a USE.
	for _, m := range sortedModules(derivs) {
		outside = append(outside, derivs[m]...)
	}
	if errs := accessors(prog.Fset, outside, mods, derivs, spec.Output.Suffix, spec.Output.Runtime); len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	var out []Output
	var errs diag.List
	for _, p := range spec.Output.Augment {
		name := spec.Join(p.Text)
		text, ok := prog.Texts[name]
		if !ok {
			errs.Addf(p.Pos, "augment: %s was not read", p.Text)
			continue
		}
		if fixedForm(prog, name) {
			errs.Addf(p.Pos, "not supported yet: augment: %s is in fixed form (its modules' derivative code is written in free form)", p.Text)
			continue
		}
		var here []*sema.Symbol
		for m, f := range mods {
			if f == name && len(derivs[m]) > 0 {
				here = append(here, m)
			}
		}
		// Later modules first, so that earlier offsets stay valid.
		sort.Slice(here, func(i, j int) bool { return here[i].Inner.Unit.Start > here[j].Inner.Unit.Start })
		for _, m := range here {
			t, err := insertDerivatives(prog.Fset, text, m, derivs[m])
			if err != nil {
				errs = append(errs, err...)
				continue
			}
			text = t
		}
		var buf bytes.Buffer
		buf.WriteString(header)
		buf.Write(text)
		out = append(out, Output{Path: spec.Output.AugmentedPath(p), Data: buf.Bytes()})
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return out, nil
}

func fixedForm(prog *load.Program, name string) bool {
	for _, f := range prog.Files {
		if f.Name == name {
			return f.Form == ast.FixedForm
		}
	}
	return false
}

// respellUses makes USE of an augmented module's derivative module a USE
// of the module.
func respellUses(f *ast.File, byName map[string]*sema.Symbol) {
	for _, u := range f.Units {
		ast.Inspect(u, func(n ast.Node) bool {
			if u, ok := n.(*ast.UseStmt); ok && u.Module != nil {
				if m := byName[strings.ToLower(u.Module.Name)]; m != nil {
					u.Module = ast.NewIdent(m.Name)
				}
			}
			return true
		})
	}
}

// insertDerivatives returns text with the derivative modules us of
// module m inside m: their USE statements before m's first declaration,
// their other declarations (and a PUBLIC statement naming them when m is
// PRIVATE by default) before its CONTAINS, their procedures before its
// END, and after it a facade module per derivative module.
func insertDerivatives(fset *source.FileSet, text []byte, m *sema.Symbol, us []*ast.Unit) ([]byte, diag.List) {
	unit := m.Inner.Unit
	file := fset.File(unit.Start)
	var errs diag.List
	// lineStart is the offset of the line of statement pos, which must
	// begin it and be in the module's file.
	lineStart := func(pos source.Pos, what string) int {
		if fset.File(pos) != file {
			errs.Addf(fset.Position(unit.Start), "not supported yet: output.augment of module '%s', whose %s is in an included file", m.Name, what)
			return -1
		}
		off := file.Offset(pos)
		start := file.LineStart(fset.Position(pos).Line)
		if strings.TrimSpace(string(text[start:off])) != "" {
			errs.Addf(fset.Position(pos), "not supported yet: output.augment of module '%s', whose %s does not begin its line", m.Name, what)
			return -1
		}
		return start
	}
	var uses, decls []ast.Stmt
	var procUnits []*ast.Unit
	private := map[string]bool{}
	var names []string
	for _, u := range us {
		for _, d := range u.Decls {
			switch d := d.(type) {
			case *ast.UseStmt:
				if !strings.EqualFold(d.Module.Name, m.Name) {
					uses = append(uses, d)
				}
			case *ast.ImplicitStmt:
			default:
				if a, ok := d.(*ast.AttrStmt); ok && a.Attr.Kind == ast.AttrPrivate {
					for _, e := range a.Entities {
						private[strings.ToLower(e.Name.Name)] = true
					}
				}
				decls = append(decls, d)
				names = append(names, declaredNames(d)...)
			}
		}
		for _, p := range u.Procs {
			procUnits = append(procUnits, p)
			names = append(names, p.Name.Name)
		}
	}
	var public []string
	seen := map[string]bool{}
	for _, n := range names {
		l := strings.ToLower(n)
		if seen[l] {
			continue
		}
		seen[l] = true
		if m.Inner.LookupLocal(l) != nil {
			errs.Addf(fset.Position(unit.Start), "not supported yet: generated name '%s' clashes with a name of module '%s' (output.augment)", n, m.Name)
		}
		if !private[l] {
			public = append(public, n)
		}
	}
	usesAt := -1
	if len(unit.Decls) > 0 {
		usesAt = lineStart(unit.Decls[0].Header().Start, "first declaration")
	}
	declsAt := -1
	if unit.Contains != nil {
		declsAt = lineStart(unit.Contains.Start, "CONTAINS statement")
	} else {
		declsAt = lineStart(unit.End.Start, "END statement")
	}
	if usesAt < 0 {
		usesAt = declsAt
	}
	endAt := lineStart(unit.End.Start, "END statement")
	if len(errs) > 0 {
		return nil, errs
	}
	afterEnd := len(text)
	if l := fset.Position(unit.End.Start).Line; l < file.LineCount() {
		afterEnd = file.LineStart(l + 1)
	}
	var usesText, declsText, procsText, facades bytes.Buffer
	for _, d := range uses {
		printIndented(&usesText, d)
	}
	if len(decls) > 0 || m.Inner.DefaultPrivate() && len(public) > 0 {
		declsText.WriteString("  ! Derivative code by fadj (output.augment).\n")
	}
	for _, d := range decls {
		printIndented(&declsText, d)
	}
	if m.Inner.DefaultPrivate() && len(public) > 0 {
		printIndented(&declsText, &ast.AttrStmt{Attr: &ast.Attr{Kind: ast.AttrPublic}, DColon: true, Entities: entities(public)})
	}
	if unit.Contains == nil && len(procUnits) > 0 {
		procsText.WriteString("contains\n")
	}
	for _, p := range procUnits {
		procsText.WriteString("\n")
		printIndented(&procsText, p)
	}
	for _, u := range us {
		f := &ast.Unit{Kind: ast.ModuleUnit, Name: ast.NewIdent(u.Name.Name),
			End: ast.EndStmt{Keyword: "module", Name: ast.NewIdent(u.Name.Name)}}
		if own := publicOf(u, private); len(own) > 0 {
			f.Decls = []ast.Stmt{&ast.UseStmt{Module: ast.NewIdent(m.Name), Only: true, Items: useItems(own)}}
		}
		facades.WriteString("\n! " + u.Name.Name + " re-exports the derivative code of " + m.Name + ", which is inside it.\n")
		printer.Node(&facades, f)
	}
	var out bytes.Buffer
	out.Write(text[:usesAt])
	out.Write(usesText.Bytes())
	out.Write(text[usesAt:declsAt])
	out.Write(declsText.Bytes())
	out.Write(text[declsAt:endAt])
	out.Write(procsText.Bytes())
	out.Write(text[endAt:afterEnd])
	if afterEnd == len(text) && len(text) > 0 && text[len(text)-1] != '\n' {
		out.WriteString("\n")
	}
	out.Write(facades.Bytes())
	out.Write(text[afterEnd:])
	return out.Bytes(), nil
}

// publicOf returns the names derivative module u declares that are not
// PRIVATE.
func publicOf(u *ast.Unit, private map[string]bool) []string {
	var out []string
	for _, d := range u.Decls {
		for _, n := range declaredNames(d) {
			if !private[strings.ToLower(n)] {
				out = append(out, n)
			}
		}
	}
	for _, p := range u.Procs {
		if !private[strings.ToLower(p.Name.Name)] {
			out = append(out, p.Name.Name)
		}
	}
	return out
}

// printIndented prints n two columns in, as the contents of a module.
// (Free form lets any line be indented: a continued character context
// resumes after an ampersand.)
func printIndented(w *bytes.Buffer, n ast.Node) {
	var b bytes.Buffer
	printer.Node(&b, n)
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		if strings.TrimSpace(line) != "" {
			w.WriteString("  ")
		}
		w.WriteString(line)
	}
}

// declaredNames returns the names a declaration of a derivative module
// declares: variables, derived types, generic interfaces.
func declaredNames(d ast.Stmt) []string {
	var out []string
	switch d := d.(type) {
	case *ast.TypeDecl:
		for _, e := range d.Entities {
			out = append(out, e.Name.Name)
		}
	case *ast.TypeDef:
		out = append(out, d.Name.Name)
	case *ast.InterfaceBlock:
		if d.Generic != nil && d.Generic.Name != nil {
			out = append(out, d.Generic.Name.Name)
		}
	}
	return out
}

func entities(names []string) []*ast.Entity {
	out := make([]*ast.Entity, len(names))
	for i, n := range names {
		out[i] = &ast.Entity{Name: ast.NewIdent(n)}
	}
	return out
}

func useItems(names []string) []*ast.UseItem {
	out := make([]*ast.UseItem, len(names))
	for i, n := range names {
		out[i] = &ast.UseItem{Name: ast.NewIdent(n)}
	}
	return out
}
