package driver

import (
	"bytes"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// targetFile is one generated file of a target, before printing.
type targetFile struct {
	target *config.Target
	entry  string // the target's derivative routine, the name users call
	path   string
	file   *ast.File
	// note is a comment heading the file: where derivative code moved
	// (augment.go).
	note string
}

// shareUnits lets several targets share derivative code: a library's
// routines differentiated in one spec call the same callees, and module
// procedures of one module all go in its derivative module (m_b, m_d).
// A unit a later file generates again is dropped from it when it is the
// same text (an external callee's derivative); a derivative module is
// merged into the first file that has it: its declarations and
// procedures are added unless already there, and its PRIVATE list is
// joined. A later target needing another version of a callee's
// derivative (other independents make other arguments active) gets it
// under a name of its own (renameVersions).
func shareUnits(files []targetFile) error {
	type first struct {
		f    *targetFile
		unit *ast.Unit
	}
	units := map[string]first{}
	procs := map[string]*ast.Unit{} // module procedures, by module and name
	taken := namesOf(files)
	for i := range files {
		f := &files[i]
		if err := renameVersions(f, func(n string) *ast.Unit { return units[n].unit }, procs, taken); err != nil {
			return err
		}
		var kept []*ast.Unit
		for _, u := range f.file.Units {
			if u.Name == nil {
				kept = append(kept, u)
				continue
			}
			n := strings.ToLower(u.Name.Name)
			prev, dup := units[n]
			if !dup {
				units[n] = first{f, u}
				kept = append(kept, u)
				addProcs(procs, u)
				continue
			}
			if u.Kind == ast.ModuleUnit && prev.unit.Kind == ast.ModuleUnit {
				if err := mergeModule(prev.unit, u, prev.f.target, f.target); err != nil {
					return err
				}
				addProcs(procs, u)
				continue
			}
			if text(u) != text(prev.unit) {
				return errAt(f.target.RoutinePos, "not supported yet: targets '%s' and '%s' need different versions of '%s'; differentiate them in separate specs", prev.f.target.Routine, f.target.Routine, n)
			}
		}
		f.file.Units = kept
	}
	return nil
}

// mergeModule adds what derivative module u has and m lacks to m.
func mergeModule(m, u *ast.Unit, mt, ut *config.Target) error {
	have := map[string]bool{}
	var private *ast.AttrStmt
	for _, d := range m.Decls {
		if a, ok := d.(*ast.AttrStmt); ok && a.Attr.Kind == ast.AttrPrivate && len(a.Entities) > 0 && private == nil {
			private = a
			continue
		}
		have[text(d)] = true
	}
	for _, d := range u.Decls {
		if a, ok := d.(*ast.AttrStmt); ok && a.Attr.Kind == ast.AttrPrivate && len(a.Entities) > 0 {
			if private == nil {
				// (after IMPLICIT NONE, as a declaration must be)
				private = &ast.AttrStmt{Attr: a.Attr, DColon: true}
				m.Decls = append(m.Decls, private)
			}
			for _, e := range a.Entities {
				if !hasEntity(private, e.Name.Name) {
					private.Entities = append(private.Entities, e)
				}
			}
			continue
		}
		if t := text(d); !have[t] {
			have[t] = true
			if _, use := d.(*ast.UseStmt); use {
				m.Decls = decl.WithUses(m.Decls, []ast.Stmt{d})
			} else {
				m.Decls = append(m.Decls, d)
			}
		}
	}
	procs := map[string]*ast.Unit{}
	for _, p := range m.Procs {
		procs[strings.ToLower(p.Name.Name)] = p
	}
	for _, p := range u.Procs {
		n := strings.ToLower(p.Name.Name)
		if prev := procs[n]; prev != nil {
			if text(prev) != text(p) {
				return errAt(ut.RoutinePos, "not supported yet: targets '%s' and '%s' need different versions of '%s'; differentiate them in separate specs", mt.Routine, ut.Routine, n)
			}
			continue
		}
		procs[n] = p
		m.Procs = append(m.Procs, p)
	}
	if len(m.Procs) > 0 && m.Contains == nil {
		m.Contains = &ast.StmtHeader{}
	}
	return nil
}

func hasEntity(a *ast.AttrStmt, name string) bool {
	for _, e := range a.Entities {
		if strings.EqualFold(e.Name.Name, name) {
			return true
		}
	}
	return false
}

// text is n printed, to compare generated code.
func text(n ast.Node) string {
	var b bytes.Buffer
	if err := printer.Node(&b, n); err != nil {
		return "error: " + err.Error()
	}
	return b.String()
}
