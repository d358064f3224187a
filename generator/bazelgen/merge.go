package bazelgen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bazelbuild/buildtools/build"
)

// The rule kinds fadj bazel manages, as defs.bzl exports them.
const (
	adjointKind = "fortran_adjoint"
	testKind    = "fortran_adjoint_test"
)

// merge updates the build file f of a package so that it has one
// fortran_adjoint and one fortran_adjoint_test rule per spec in wants,
// and no rule of those kinds for a spec file that is gone (exists says
// whether a file of the package exists). dirBase names new rules of
// specs with a generic name. It reports an error when a new rule's name
// is taken.
func merge(f *build.File, wants []*want, exists func(string) bool, dirBase, loadLabel string) error {
	local := localKinds(f)
	rules := map[string]*build.Rule{} // kind + "\x00" + spec -> rule
	names := map[string]bool{}
	for _, r := range f.Rules("") {
		names[r.Name()] = true
		for kind, loc := range local {
			if r.Kind() == loc {
				if s, ok := specOf(r); ok {
					if _, dup := rules[kind+"\x00"+s]; !dup {
						rules[kind+"\x00"+s] = r
					}
				}
			}
		}
	}
	wanted := map[string]bool{}
	for _, w := range wants {
		wanted[w.spec] = true
		adj := rules[adjointKind+"\x00"+w.spec]
		if adj == nil {
			name, err := newName(w.spec, dirBase, names)
			if err != nil {
				return err
			}
			adj = addRule(f, local[adjointKind], name, w.spec)
			names[name] = true
		}
		if !ruleKept(adj.Call) {
			setList(adj, "srcs", w.srcs)
			setList(adj, "outs", w.outs)
		}
		test := rules[testKind+"\x00"+w.spec]
		if test == nil {
			name := adj.Name() + "_test"
			if names[name] {
				return fmt.Errorf("cannot add the test of %s: a rule named %q exists", w.spec, name)
			}
			test = addRule(f, local[testKind], name, w.spec)
			names[name] = true
		}
		if !ruleKept(test.Call) {
			setList(test, "srcs", w.srcs)
		}
	}
	// Rules of a spec that is gone go; rules naming a file fadj bazel
	// does not read as a spec (a label, another name) stay.
	deleted := false
	stmts := f.Stmt[:0]
	for _, s := range f.Stmt {
		if c, ok := s.(*build.CallExpr); ok && !ruleKept(c) {
			r := f.Rule(c)
			if k := r.Kind(); k == local[adjointKind] || k == local[testKind] {
				if spec, ok := specOf(r); ok && !wanted[spec] && !exists(spec) {
					deleted = true
					continue
				}
			}
		}
		stmts = append(stmts, s)
	}
	f.Stmt = stmts
	fixLoads(f, local, loadLabel, deleted)
	return nil
}

// localKinds maps each managed kind to the name the file calls it by:
// a load may rename it (load(..., fa = "fortran_adjoint")).
func localKinds(f *build.File) map[string]string {
	local := map[string]string{adjointKind: adjointKind, testKind: testKind}
	for _, s := range f.Stmt {
		if l, ok := s.(*build.LoadStmt); ok {
			for i, from := range l.From {
				if _, ok := local[from.Name]; ok {
					local[from.Name] = l.To[i].Name
				}
			}
		}
	}
	return local
}

// specOf returns the spec file a rule names, when its spec attribute is
// a file of the package: "spec.yaml" or ":spec.yaml".
func specOf(r *build.Rule) (string, bool) {
	s, ok := r.Attr("spec").(*build.StringExpr)
	if !ok {
		return "", false
	}
	v := strings.TrimPrefix(s.Value, ":")
	if v == "" || strings.ContainsAny(v, ":/@") {
		return "", false
	}
	return v, true
}

// newName chooses the name of a spec's new fortran_adjoint rule:
// <stem>_ad for <stem>.yaml and <stem>.fadj.yaml, <dir>_ad for the
// generic names spec.yaml and fadj.yaml, and <dir>_<stem>_ad when that
// is taken.
func newName(spec, dirBase string, taken map[string]bool) (string, error) {
	stem := strings.TrimSuffix(strings.TrimSuffix(spec, ".yml"), ".yaml")
	stem = strings.TrimSuffix(stem, ".fadj")
	cands := []string{sanitize(stem) + "_ad", sanitize(dirBase+"_"+stem) + "_ad"}
	if stem == "spec" || stem == "fadj" {
		cands[0] = sanitize(dirBase) + "_ad"
	}
	for _, c := range cands {
		if !taken[c] && !taken[c+"_test"] {
			return c, nil
		}
	}
	return "", fmt.Errorf("cannot name the rules of %s: %s and %s are taken", spec, cands[0], cands[1])
}

// sanitize makes s a target name of letters, digits, '_', '-' and '.'.
func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-', r == '.':
			return r
		}
		return '_'
	}, s)
}

// addRule appends a new rule of kind with name and spec to f.
func addRule(f *build.File, kind, name, spec string) *build.Rule {
	call := &build.CallExpr{X: &build.Ident{Name: kind}}
	r := build.NewRule(call)
	r.SetAttr("name", &build.StringExpr{Value: name})
	r.SetAttr("spec", &build.StringExpr{Value: spec})
	f.Stmt = append(f.Stmt, call)
	return r
}

// setList makes the attribute key of r the string list values, unless
// the attribute is marked # keep. Elements marked # keep stay, and the
// elements that remain keep their comments.
func setList(r *build.Rule, key string, values []string) {
	old := map[string]*build.StringExpr{}
	var kept []build.Expr
	if a := r.AttrDefn(key); a != nil {
		if isKept(a.Comment()) || isKept(a.RHS.Comment()) {
			return
		}
		if l, ok := a.RHS.(*build.ListExpr); ok {
			for _, e := range l.List {
				s, ok := e.(*build.StringExpr)
				if isKept(e.Comment()) {
					if !ok || !contains(values, s.Value) {
						kept = append(kept, e)
					}
					continue
				}
				if ok {
					old[s.Value] = s
				}
			}
		}
	}
	list := &build.ListExpr{}
	for _, v := range values {
		if s := old[v]; s != nil {
			list.List = append(list.List, s)
		} else {
			list.List = append(list.List, &build.StringExpr{Value: v})
		}
	}
	list.List = append(list.List, kept...)
	if len(list.List) > 1 {
		list.ForceMultiLine = true
	}
	r.SetAttr(key, list)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// isKept reports whether comments hold gazelle's "# keep" (or
// "# keep: reason").
func isKept(c *build.Comments) bool {
	for _, l := range [][]build.Comment{c.Before, c.Suffix} {
		for _, x := range l {
			t := strings.TrimSpace(x.Token)
			if t == "# keep" || strings.HasPrefix(t, "# keep:") {
				return true
			}
		}
	}
	return false
}

// ruleKept reports whether a rule is marked # keep: on the line before
// it, after its closing parenthesis, or after its opening one (the
// parser attaches that comment to the first attribute, and printing
// moves it to a line of its own before it; keeping the name attribute
// alone would mean nothing, as fadj bazel never renames).
func ruleKept(c *build.CallExpr) bool {
	if isKept(c.Comment()) {
		return true
	}
	return len(c.List) > 0 && isKept(&build.Comments{Before: c.List[0].Comment().Before})
}

// fixLoads makes the file load the managed kinds it calls and, when
// merge deleted rules, stop loading those it no longer calls. A kind is
// added to the load that already loads the other kind, else to a new
// load of label.
func fixLoads(f *build.File, local map[string]string, label string, deleted bool) {
	used := map[string]bool{}
	for _, r := range f.Rules("") {
		for kind, loc := range local {
			if r.Kind() == loc {
				used[kind] = true
			}
		}
	}
	var ours *build.LoadStmt
	loaded := map[string]bool{}
	stmts := f.Stmt[:0]
	for _, s := range f.Stmt {
		l, ok := s.(*build.LoadStmt)
		if !ok {
			stmts = append(stmts, s)
			continue
		}
		var from, to []*build.Ident
		managed := false
		for i, x := range l.From {
			if _, ok := local[x.Name]; ok {
				managed = true
				if deleted && !used[x.Name] {
					continue
				}
				loaded[x.Name] = true
			}
			from, to = append(from, x), append(to, l.To[i])
		}
		if managed {
			if len(from) == 0 {
				continue // it loaded only what is no longer called
			}
			if ours == nil {
				ours = l
			}
		}
		l.From, l.To = from, to
		stmts = append(stmts, l)
	}
	f.Stmt = stmts
	var missing []string
	for kind := range used {
		if !loaded[kind] {
			missing = append(missing, kind)
		}
	}
	if len(missing) == 0 {
		return
	}
	sort.Strings(missing)
	if ours == nil {
		ours = &build.LoadStmt{Module: &build.StringExpr{Value: label}, ForceCompact: true}
		// After the file's leading comments and docstring.
		at := 0
		for ; at < len(f.Stmt); at++ {
			_, comment := f.Stmt[at].(*build.CommentBlock)
			_, load := f.Stmt[at].(*build.LoadStmt)
			_, doc := f.Stmt[at].(*build.StringExpr)
			if !comment && !load && !(doc && at == 0) {
				break
			}
		}
		f.Stmt = append(f.Stmt[:at], append([]build.Expr{ours}, f.Stmt[at:]...)...)
	}
	for _, kind := range missing {
		ours.From = append(ours.From, &build.Ident{Name: kind})
		ours.To = append(ours.To, &build.Ident{Name: local[kind]})
	}
}
