// Package load reads Fortran files, parses them and runs semantic
// analysis over them together: the front end as one call, for the CLI
// and for the generator.
//
// It reads under package input's policy (regular files only, sizes
// checked before reading, input.MaxFileSize per file and
// input.MaxTotalSize for the run), and resolves INCLUDE lines and
// #include directives only inside the directories a run may read: those
// of the files given, the include directories and Config.IncludeRoots.
// An absolute include is an error unless Config.AllowAbsoluteIncludes.
package load

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/input"
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
	// IncludeRoots are directories, besides those of the files and the
	// include directories, in which included files may lie (the spec's
	// directory).
	IncludeRoots []string
	// AllowAbsoluteIncludes lets INCLUDE and #include name an absolute
	// path, anywhere.
	AllowAbsoluteIncludes bool
	// Form forces the source form of every file; nil chooses by extension.
	Form *ast.SourceForm
	// DefaultRealKind is the kind of default REAL and COMPLEX, 4 if 0
	// (the spec's default_real_kind).
	DefaultRealKind int
	// KeepEntries leaves ENTRY statements in the tree (fadj fmt); else
	// a procedure with ENTRY becomes one per entry point
	// (parser.SplitEntries) before the semantic analysis.
	KeepEntries bool
	// ReadFile reads a file; nil means input.ReadFile with
	// input.MaxFileSize. Tests and the generator can serve files from
	// memory.
	ReadFile func(name string) ([]byte, error)
}

// Program is a set of parsed and analysed files (sema.Program).
type Program = sema.Program

// loader reads the files of one Files call.
type loader struct {
	conf  *Config
	read  func(string) ([]byte, error)
	roots []string
	total int64 // bytes read so far, includes counted each time
}

// readCounted reads a file and counts it against input.MaxTotalSize.
func (l *loader) readCounted(name string) ([]byte, error) {
	src, err := l.read(name)
	if err != nil {
		return nil, err
	}
	l.total += int64(len(src))
	if l.total > input.MaxTotalSize {
		return nil, fmt.Errorf("the files read exceed %s, the limit for one run", input.Size(input.MaxTotalSize))
	}
	return src, nil
}

// Files parses the named files and analyses them as one program. The
// returned error is a diag.List of every syntax and semantic problem,
// or an I/O error; the Program is returned whenever parsing got far
// enough to be useful to a caller that wants partial results.
func Files(paths []string, conf Config) (*Program, error) {
	l := &loader{conf: &conf, read: conf.ReadFile}
	if l.read == nil {
		l.read = func(name string) ([]byte, error) { return input.ReadFile(name, input.MaxFileSize) }
	}
	for _, p := range paths {
		l.roots = append(l.roots, filepath.Dir(p))
	}
	l.roots = append(l.roots, conf.IncludeDirs...)
	l.roots = append(l.roots, conf.IncludeRoots...)
	fset := source.NewFileSet()
	prog := &Program{Fset: fset}
	var errs diag.List
	if conf.ReadFile == nil {
		for _, d := range conf.IncludeDirs {
			if problem := CheckIncludeDir(d); problem != "" {
				errs.Add(source.Position{Filename: d}, "include directory "+problem)
			}
		}
	}
	for _, path := range paths {
		src, err := l.readCounted(path)
		if err != nil {
			errs.Add(source.Position{Filename: path}, fmt.Sprintf("cannot read file: %v", unwrap(err)))
			continue
		}
		if prog.Texts == nil {
			prog.Texts = map[string][]byte{}
		}
		prog.Texts[path] = src
		dir := filepath.Dir(path)
		pconf := parser.Config{
			Form:    conf.Form,
			Defines: conf.Defines,
			Include: func(name string, at source.Position) (string, []byte, error) {
				return l.resolveInclude(name, filepath.Dir(at.Filename), dir)
			},
		}
		f, err := parser.ParseFile(fset, path, src, pconf)
		if f != nil && err == nil && !conf.KeepEntries {
			if prog.Deferred == nil {
				prog.Deferred = map[*ast.Unit]diag.List{}
			}
			err = parser.SplitEntries(fset, f, prog.Deferred)
		}
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
	sconf := &sema.Config{DefaultRealKind: conf.DefaultRealKind}
	info, err := sema.Check(fset, prog.Files, sconf)
	if err == nil && !conf.KeepEntries {
		// SAVEd real locals as COMMON (sema/legacy_saved_common.go);
		// a copy of an EXTERNAL-taking subroutine per model passed
		// (sema/legacy_dummy_clone.go).
		info, prog.Saved, err = sema.SavedToCommon(fset, prog.Files, info, sconf)
		for u := range prog.Deferred {
			if u.Name != nil && prog.Saved[u.Name.Lower()] {
				delete(prog.Deferred, u) // its entry points share the block (legacy_saved_entry.go)
			}
		}
		if err == nil {
			// Alternate returns as a status (sema/legacy_altret.go).
			info, prog.AltReturns, err = sema.AlternateReturns(fset, prog.Files, info, sconf)
		}
		if err == nil {
			info, prog.Clones, err = sema.SpecializeDummyProcedures(fset, prog.Files, info, sconf)
		}
	}
	prog.Info = info
	if err != nil {
		return prog, err
	}
	prog.Warnings = applyEffectiveIntents(fset, info)
	prog.Unreachable = sema.ReachedOnly(fset, prog.Files, info)
	return prog, nil
}

// CheckIncludeDir says what is wrong with d as an include directory, or
// returns "".
func CheckIncludeDir(d string) string {
	fi, err := os.Stat(d)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "does not exist"
	case err != nil:
		return fmt.Sprintf("cannot be read: %v", unwrap(err))
	case !fi.IsDir():
		return "is not a directory"
	}
	return ""
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
		warns.Add(fset.Position(u.DeclPos), diag.WarningPrefix+msg)
	}
	return warns
}

// resolveInclude finds name relative to the including file's directory,
// the first file's directory, then the include directories, as
// compilers do for -I, and reads it. A candidate outside the roots is
// not even looked at; a candidate that exists but cannot be read (a
// symbolic link loop, a FIFO, a file too large) is an error, not a
// reason to look further.
func (l *loader) resolveInclude(name, fromDir, topDir string) (string, []byte, error) {
	if filepath.IsAbs(name) || filepath.VolumeName(name) != "" {
		if !l.conf.AllowAbsoluteIncludes {
			return "", nil, errors.New("an absolute path; fadj reads included files only from the source and include directories (fadj generate -allow-absolute-includes allows absolute paths, except under Bazel)")
		}
		src, err := l.readCounted(name)
		return name, src, unwrap(err)
	}
	seen := map[string]bool{}
	outside := false
	for _, d := range append([]string{fromDir, topDir}, l.conf.IncludeDirs...) {
		p := filepath.Join(d, name)
		if seen[p] {
			continue
		}
		seen[p] = true
		if !input.Confined(p, l.roots) {
			outside = true
			continue
		}
		src, err := l.readCounted(p)
		if err == nil {
			return p, src, nil
		}
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return "", nil, fmt.Errorf("%s: %v", p, unwrap(err))
		}
	}
	if outside {
		return "", nil, fmt.Errorf("not found in %s and the include directories, and fadj does not look outside the source and include directories", displayDir(fromDir))
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
