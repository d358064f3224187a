// Package load reads Fortran files, parses them and runs semantic
// analysis over them together: the front end as one call, for the CLI
// and for the generator.
package load

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Config says how to read the files.
type Config struct {
	// Defines are preprocessor names, as cpp's -DNAME=VALUE.
	Defines map[string]string
	// IncludeDirs are searched, after the including file's own
	// directory, for INCLUDE lines and #include directives.
	IncludeDirs []string
	// Form forces the source form of every file; nil chooses by extension.
	Form *ast.SourceForm
	// ReadFile reads a file; nil means os.ReadFile. Tests and the
	// generator can serve files from memory.
	ReadFile func(name string) ([]byte, error)
}

// Program is a set of parsed and analysed files.
type Program struct {
	Fset  *source.FileSet
	Files []*ast.File
	Info  *sema.Info
	// Warnings are problems that do not stop fadj: dummies whose
	// declared intent disagrees with what their procedure does.
	Warnings diag.List
}

// Files parses the named files and analyses them as one program. The
// returned error is a diag.List of every syntax and semantic problem,
// or an I/O error; the Program is returned whenever parsing got far
// enough to be useful to a caller that wants partial results.
func Files(paths []string, conf Config) (*Program, error) {
	read := conf.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	fset := source.NewFileSet()
	prog := &Program{Fset: fset}
	var errs diag.List
	for _, path := range paths {
		src, err := read(path)
		if err != nil {
			err = unwrap(err)
			errs.Add(source.Position{Filename: path}, fmt.Sprintf("cannot read file: %v", err))
			continue
		}
		dir := filepath.Dir(path)
		pconf := parser.Config{
			Form:    conf.Form,
			Defines: conf.Defines,
			Include: func(name string, at source.Position) (string, []byte, error) {
				return resolveInclude(read, name, filepath.Dir(at.Filename), dir, conf.IncludeDirs)
			},
		}
		f, err := parser.ParseFile(fset, path, src, pconf)
		if f != nil {
			prog.Files = append(prog.Files, f)
		}
		if err != nil {
			if l, ok := err.(diag.List); ok {
				errs = append(errs, l...)
			} else {
				errs.Add(source.Position{Filename: path}, err.Error())
			}
		}
	}
	if len(errs) > 0 {
		// Semantic analysis of a tree with syntax errors would mostly
		// report their echoes; stop here as compilers do.
		errs.Sort()
		return prog, errs
	}
	info, err := sema.Check(fset, prog.Files, &sema.Config{})
	prog.Info = info
	if err != nil {
		return prog, err
	}
	prog.Warnings = applyEffectiveIntents(fset, info)
	return prog, nil
}

// applyEffectiveIntents makes fadj differentiate what the code does where
// a dummy's declared intent promises less (sema.Intents), and returns a
// warning for each dummy that is certainly read before it is written or
// defined against its intent(in). An intent(out) array read after only
// some of its elements were written is treated as inout without a
// warning: that is common and usually right, and inout is safe.
func applyEffectiveIntents(fset *source.FileSet, info *sema.Info) diag.List {
	var warns diag.List
	for _, u := range info.EffectiveIntents().Apply() {
		var msg string
		switch {
		case u.Declared == ast.IntentOut && !u.Read.IsValid():
			continue
		case u.Declared == ast.IntentIn && u.DefCall == nil:
			msg = fmt.Sprintf("'%s' is declared intent(in) but defined at %s; treated as inout", u.Dummy.Name, fset.Position(u.Def))
		case u.Declared == ast.IntentIn:
			msg = fmt.Sprintf("'%s' is declared intent(in) but defined by the call of '%s' at %s; treated as inout", u.Dummy.Name, u.DefCall.Name, fset.Position(u.Def))
		case u.ReadCall != nil:
			msg = fmt.Sprintf("'%s' is declared intent(out) but read before it is written, by the call of '%s' at %s; treated as inout", u.Dummy.Name, u.ReadCall.Name, fset.Position(u.Read))
		default:
			msg = fmt.Sprintf("'%s' is declared intent(out) but read before it is written at %s; treated as inout", u.Dummy.Name, fset.Position(u.Read))
		}
		warns.Add(fset.Position(u.DeclPos), "warning: "+msg)
	}
	return warns
}

// resolveInclude finds name relative to the including file's directory,
// the first file's directory, then the include directories, as
// compilers do for -I.
func resolveInclude(read func(string) ([]byte, error), name, fromDir, topDir string, dirs []string) (string, []byte, error) {
	if filepath.IsAbs(name) {
		src, err := read(name)
		return name, src, unwrap(err)
	}
	seen := map[string]bool{}
	for _, d := range append([]string{fromDir, topDir}, dirs...) {
		p := filepath.Join(d, name)
		if seen[p] {
			continue
		}
		seen[p] = true
		if src, err := read(p); err == nil {
			return p, src, nil
		}
	}
	return "", nil, fmt.Errorf("file not found (searched %s and the include directories)", displayDir(fromDir))
}

func displayDir(d string) string {
	if d == "" || d == "." {
		return "the current directory"
	}
	return d
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
