package driver

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Versions of one derivative in several targets.
//
// Each target is differentiated on its own, so two targets calling one
// routine with different active arguments (p2 passes a variable where q2
// passes a constant) each name their derivative of it h2_d. The later
// target's is renamed h2_d2 (the first free name), with every reference
// in the later target's file; a unit calling a renamed one then differs
// from the earlier target's too and is renamed in turn. The target's own
// derivative keeps its name: users call it.

// renameVersions renames the units and module procedures of file f whose
// names an earlier file gave to a different text: earlier returns an
// earlier file's unit of a name, procs holds the earlier files' module
// procedures (by "module::name"), taken every name in use.
func renameVersions(f *targetFile, earlier func(string) *ast.Unit, procs map[string]*ast.Unit, taken map[string]bool) error {
	for {
		old := ""
		for _, u := range f.file.Units {
			if u.Name == nil {
				continue
			}
			n := strings.ToLower(u.Name.Name)
			if prev := earlier(n); prev != nil && u.Kind != ast.ModuleUnit && prev.Kind != ast.ModuleUnit && text(u) != text(prev) {
				old = n
				break
			}
			if u.Kind != ast.ModuleUnit {
				continue
			}
			for _, p := range u.Procs {
				pn := strings.ToLower(p.Name.Name)
				if prev := procs[n+"::"+pn]; prev != nil && text(p) != text(prev) {
					old = pn
					break
				}
			}
			if old != "" {
				break
			}
		}
		if old == "" {
			return nil
		}
		if old == strings.ToLower(f.entry) {
			return errAt(f.target.RoutinePos, "not supported yet: target '%s' needs a version of '%s' other than the one an earlier target of the spec generates; differentiate them in separate specs", f.target.Routine, old)
		}
		renameIdents(f.file, old, freshName(old, taken))
	}
}

// freshName returns name followed by the smallest number from 2 on that
// no unit uses, and takes it.
func freshName(name string, taken map[string]bool) string {
	for k := 2; ; k++ {
		n := name + strconv.Itoa(k)
		if !taken[n] {
			taken[n] = true
			return n
		}
	}
}

// renameIdents renames every identifier old of file (case-insensitively)
// to name, but in a procedure declaring a variable of that name (a
// user's variable h2 has the derivative variable h2_d): such a procedure
// cannot also reference the routine.
func renameIdents(file *ast.File, old, name string) {
	for _, u := range file.Units {
		renameIn(u, old, name)
	}
}

func renameIn(u *ast.Unit, old, name string) {
	if declares(u, old) {
		return
	}
	rename := func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.EqualFold(id.Name, old) {
			id.Name = name
		}
		return true
	}
	if u.Name != nil {
		rename(u.Name)
	}
	for _, a := range u.Args {
		rename(a)
	}
	if u.Result != nil {
		rename(u.Result)
	}
	for _, s := range u.Decls {
		ast.Inspect(s, rename)
	}
	for _, s := range u.Body {
		ast.Inspect(s, rename)
	}
	if u.End.Name != nil {
		rename(u.End.Name)
	}
	for _, p := range u.Procs {
		renameIn(p, old, name)
	}
}

// declares reports whether unit u declares an entity named name in a
// type declaration.
func declares(u *ast.Unit, name string) bool {
	for _, d := range u.Decls {
		if td, ok := d.(*ast.TypeDecl); ok {
			for _, e := range td.Entities {
				if strings.EqualFold(e.Name.Name, name) {
					return true
				}
			}
		}
	}
	return false
}

// namesOf returns the names of all units and module procedures of files,
// in lower case.
func namesOf(files []targetFile) map[string]bool {
	taken := map[string]bool{}
	for _, f := range files {
		for _, u := range f.file.Units {
			if u.Name == nil {
				continue
			}
			taken[strings.ToLower(u.Name.Name)] = true
			for _, p := range u.Procs {
				taken[strings.ToLower(p.Name.Name)] = true
			}
		}
	}
	return taken
}

// addProcs adds the procedures of module unit u to procs.
func addProcs(procs map[string]*ast.Unit, u *ast.Unit) {
	if u.Kind != ast.ModuleUnit {
		return
	}
	m := strings.ToLower(u.Name.Name)
	for _, p := range u.Procs {
		n := m + "::" + strings.ToLower(p.Name.Name)
		if procs[n] == nil {
			procs[n] = p
		}
	}
}
