package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"time"
)

// Status is the verdict on one case.
type Status string

const (
	Correct  Status = "correct"  // our Jacobian matches refOutput/ad.out
	Rejected Status = "rejected" // fadj refused with a positioned error
	Wrong    Status = "wrong"    // numbers differ from the reference
	Broken   Status = "broken"   // fadj crashed, or its code does not build or run (counts as wrong)
	// Disputed: ours differs from ad.out but agrees with finite
	// differences (refOutput/dd.out, else our driver's), which ad.out does
	// not: the reference is suspect.
	Disputed Status = "disputed"
	// NoRef: the case has no ad.out; ours is compared with finite
	// differences only.
	NoRef Status = "noref"
	// Skipped: the harness could not run the case (a driver it does not
	// understand, an original that gfortran does not build); not a
	// verdict on fadj.
	Skipped Status = "skipped"
)

// Result is the outcome of one case.
type Result struct {
	Case   string
	Status Status
	Detail string // one line
	Group  string // for rejections: the message without position and names
	// AgreesFD: a disputed or noref Jacobian agrees with finite
	// differences (dd.out, else our driver's central differences).
	AgreesFD bool
}

// Harness holds what every case shares.
type Harness struct {
	Examples string // .../testRoundTrip/examples
	Generic  string // .../testRoundTrip/genericFiles
	Work     string // scratch root
	Fadj     string // the fadj binary
	Gfortran string
	Verbose  bool
	Timeout  time.Duration // per subprocess
	Calls    string        // the spec's calls: "joint" (fadj's default) or "split"
}

var posRE = regexp.MustCompile(`^([^:\s]+):(\d+):(\d+): (.*)$`)

// Run differentiates one case and compares it with its reference.
func (h *Harness) Run(name string) Result {
	res := Result{Case: name}
	src := filepath.Join(h.Examples, name)
	dir := filepath.Join(h.Work, name)
	if err := os.RemoveAll(dir); err != nil {
		return h.skip(res, err.Error())
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return h.skip(res, err.Error())
	}

	headText, err := os.ReadFile(filepath.Join(src, "head.f"))
	if err != nil {
		return h.skip(res, err.Error())
	}
	scan, err := ScanPragmas("head.f", string(headText), true)
	if err != nil {
		return h.skip(res, err.Error())
	}
	head, err := scan.HeadRoutine()
	if err != nil {
		return h.skip(res, "head.f: "+err.Error())
	}
	paramsText, err := os.ReadFile(filepath.Join(src, "params.conf"))
	if err != nil {
		return h.skip(res, err.Error())
	}
	params, err := ParseParams("params.conf", string(paramsText))
	if err != nil {
		return h.skip(res, err.Error())
	}

	// The sources, in compilation order: the globals module first when the
	// case has its own or head.f uses the (empty) generic one.
	sources := []string{"head.f"}
	globals := filepath.Join(src, "all_globals_mod.f")
	if _, err := os.Stat(globals); err != nil {
		globals = ""
		if regexp.MustCompile(`(?i)\ball_globals_mod\b`).Match(headText) {
			globals = filepath.Join(h.Generic, "default", "all_globals_mod.f")
		}
	}
	if globals != "" {
		if err := copyFile(globals, filepath.Join(dir, "all_globals_mod.f")); err != nil {
			return h.skip(res, err.Error())
		}
		sources = []string{"all_globals_mod.f", "head.f"}
	}
	if err := os.WriteFile(filepath.Join(dir, "head.f"), headText, 0o644); err != nil {
		return h.skip(res, err.Error())
	}

	routine := head.Name
	if head.Module != "" {
		routine = head.Module + "::" + head.Name
	}
	spec := fmt.Sprintf("version: 1\nsources: [%s]\noutput: {dir: ad}\ntargets:\n  - routine: %s\n    mode: reverse\n    independents: [%s]\n    dependents: [%s]\n",
		strings.Join(sources, ", "), routine, strings.Join(scan.Vars(head, false), ", "), strings.Join(scan.Vars(head, true), ", "))
	if h.Calls != "" && h.Calls != "joint" {
		spec += "    calls: " + h.Calls + "\n"
	}
	if err := os.WriteFile(filepath.Join(dir, "spec.yaml"), []byte(spec), 0o644); err != nil {
		return h.skip(res, err.Error())
	}

	// 1. fadj generate.
	out, err := h.run(dir, h.Fadj, "generate", "spec.yaml")
	if err != nil {
		return classifyGenerate(res, out, err)
	}

	// The point, from the case's own driver if it has one.
	point := GenericPoint
	// A case that OpenAD fails in reverse mode may have a tangent driver
	// only; its point is the same.
	for _, d := range []string{"driver_scalar_adm_split.f90", "driver_scalar_adm_joint.f90", "driver_scalar_tlm.f90"} {
		if text, err := os.ReadFile(filepath.Join(src, d)); err == nil {
			if point, err = ReadPoint(string(text), head.Name); err != nil {
				return h.skip(res, err.Error())
			}
			break
		}
	}

	// 2. The original code, as gfortran builds it.
	build := filepath.Join(dir, "build")
	if err := os.MkdirAll(build, 0o755); err != nil {
		return h.skip(res, err.Error())
	}
	var objs []string
	for _, s := range sources {
		o := strings.TrimSuffix(s, ".f") + ".o"
		if out, err := h.run(dir, h.Gfortran, h.flags(build, "-c", s, "-o", filepath.Join("build", o))...); err != nil {
			return h.skip(res, "the original does not build: "+firstLine(out, err))
		}
		objs = append(objs, filepath.Join("build", o))
	}

	// 3. The generated code, each module before its users.
	gen, err := generatedFiles(filepath.Join(dir, "ad"))
	if err != nil {
		return h.skip(res, err.Error())
	}
	adjName := head.Name + "_b"
	var sig *Signature
	modVars := map[string]Dummy{}
	var modules []string
	for _, g := range gen {
		o := filepath.Join("build", strings.TrimSuffix(filepath.Base(g), ".f90")+"_gen.o")
		if out, err := h.run(dir, h.Gfortran, h.flags(build, "-ffree-line-length-none", "-c", g, "-o", o)...); err != nil {
			res.Status, res.Detail = Broken, "gfortran rejects generated "+g+": "+firstLine(out, err)
			return res
		}
		objs = append(objs, o)
		text, _ := os.ReadFile(filepath.Join(dir, g))
		if !strings.HasSuffix(g, "fadj_runtime.f90") {
			decls, mods := ModuleDecls(string(text))
			for k, v := range decls {
				modVars[k] = v
			}
			modules = append(modules, mods...)
		}
		if regexp.MustCompile(`(?im)^\s*subroutine\s+` + adjName + `\s*(\(|$)`).Match(text) {
			s, err := ReadSignature(string(text), adjName)
			if err != nil {
				return h.skip(res, g+": "+err.Error())
			}
			sig = &s
		}
	}

	// 4. Our driver.
	if sig == nil {
		res.Status, res.Detail = Broken, "fadj generate succeeded but wrote no "+adjName
		return res
	}
	drv, err := WriteDriver(DriverInput{
		Adjoint: *sig, Head: head.Name, Params: params, Point: point,
		Independents: scan.Vars(head, false), Dependents: scan.Vars(head, true),
		Globals: modVars, Modules: modules,
	})
	if err != nil {
		return h.skip(res, err.Error())
	}
	if err := os.WriteFile(filepath.Join(dir, "driver.f90"), []byte(drv), 0o644); err != nil {
		return h.skip(res, err.Error())
	}
	got, fd, r := h.runDriver(res, dir, objs, nil)
	if r != nil {
		return *r
	}
	if err := os.WriteFile(filepath.Join(dir, "ad.out"), []byte(got.text), 0o644); err != nil {
		return h.skip(res, err.Error())
	}
	res = h.compare(res, src, got.Jacobian, fd, params)
	if res.Status == Correct || res.Status == NoRef {
		return res
	}
	// Some references were computed at a point whose default-real
	// literals (x0(i) = sqrt(1.*i), x5%v = 0.523598776) were evaluated
	// in double precision, as the suite's drivers give when built with
	// default reals of 8 bytes. Try that point before calling the case
	// wrong.
	got8, fd8, r := h.runDriver(res, dir, objs, []string{"-fdefault-real-8", "-fdefault-double-8"})
	if r != nil {
		return res
	}
	if res8 := h.compare(res, src, got8.Jacobian, fd8, params); res8.Status == Correct {
		res8.Detail = "at the point with default reals of 8 bytes (-fdefault-real-8 for the driver)"
		return res8
	}
	return res
}

type output struct {
	Jacobian
	text string
}

// runDriver builds driver.f90 (with extra flags), links it with objs, runs
// it and reads the Jacobian and the finite differences it prints. A
// failure returns the verdict.
func (h *Harness) runDriver(res Result, dir string, objs, extra []string) (output, Jacobian, *Result) {
	build := filepath.Join(dir, "build")
	flags := append(append([]string{"-ffree-line-length-none"}, extra...), "-c", "driver.f90", "-o", "build/driver.o")
	if out, err := h.run(dir, h.Gfortran, h.flags(build, flags...)...); err != nil {
		r := h.skip(res, "our driver does not build: "+firstLine(out, err))
		return output{}, Jacobian{}, &r
	}
	args := append(h.flags(build, "-o", "driver", "build/driver.o"), objs...)
	if out, err := h.run(dir, h.Gfortran, args...); err != nil {
		res.Status, res.Detail = Broken, "link: "+firstLine(out, err)
		return output{}, Jacobian{}, &res
	}
	out, err := h.run(dir, filepath.Join(dir, "driver"))
	if err != nil {
		res.Status, res.Detail = Broken, "the adjoint does not run: "+firstLine(out, err)
		return output{}, Jacobian{}, &res
	}
	got, err := ParseJacobian("driver output", out)
	if err != nil {
		res.Status, res.Detail = Broken, err.Error()
		return output{}, Jacobian{}, &res
	}
	fd, err := parseEntries("driver output", out, "D")
	if err != nil {
		res.Status, res.Detail = Broken, err.Error()
		return output{}, Jacobian{}, &res
	}
	return output{got, out}, fd, nil
}

// compare classifies got against ad.out, consulting finite differences
// when they differ or ad.out is missing: the suite's dd.out (one-sided, as
// its numericalComparison.py uses them), else our driver's central ones.
func (h *Harness) compare(res Result, src string, got, ownFD Jacobian, params Params) Result {
	fd, fdErr := readJacobian(filepath.Join(src, "refOutput", "dd.out"))
	fdName := "dd.out"
	if fdErr != nil || fd.M != got.M || fd.N != got.N { // missing, or truncated (argumentConversion_7)
		fd, fdErr, fdName = ownFD, nil, "our finite differences"
	}
	tol := params.Tol
	if tol <= 0 {
		tol = 1e-5
	}
	agreesFD := func(j Jacobian) bool {
		// The suite's test of AD against finite differences: an entry
		// fails if both its relative and its absolute error exceed the
		// tolerance of params.conf.
		if fdErr != nil || j.M != fd.M || j.N != fd.N {
			return false
		}
		for key, d := range fd.At {
			a := j.At[key]
			abs := absf(a - d)
			rel := abs
			if a != 0 {
				rel = abs / absf(a)
			}
			if (abs > tol && rel > tol) || a != a {
				return false
			}
		}
		return true
	}
	ref, err := readJacobian(filepath.Join(src, "refOutput", "ad.out"))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			res.Status = NoRef
			res.AgreesFD = agreesFD(got)
			if res.AgreesFD {
				res.Detail = "no ad.out; agrees with " + fdName
			} else {
				res.Detail = "no ad.out; DIFFERS from " + fdName
			}
			return res
		}
		return h.skip(res, err.Error())
	}
	mis, err := Compare(got, ref, RelTol, AbsTol)
	if err != nil {
		return h.skip(res, "our Jacobian has "+err.Error())
	}
	if mis == nil {
		res.Status = Correct
		return res
	}
	if agreesFD(got) && !agreesFD(ref) {
		res.Status, res.AgreesFD, res.Detail = Disputed, true, mis.String()+"; ours agrees with "+fdName+", ad.out does not"
		return res
	}
	if agreesFD(got) && agreesFD(ref) && ownFD.M == got.M && ownFD.N == got.N {
		// A tolerance loose enough to accept both (transfer's 1.1, set
		// where the reference cuts the derivative): our central
		// differences decide.
		misGot, errGot := Compare(got, ownFD, FDTol, FDTol)
		misRef, errRef := Compare(ref, ownFD, FDTol, FDTol)
		if errGot == nil && errRef == nil && misGot == nil && misRef != nil {
			res.Status, res.AgreesFD, res.Detail = Disputed, true, fmt.Sprintf("%s; params.conf's tolerance %g accepts both against %s, and ours agrees with our central finite differences to %g, ad.out does not",
				mis, tol, fdName, FDTol)
			return res
		}
	}
	res.Status, res.Detail = Wrong, mis.String()
	if agreesFD(ref) {
		res.Detail += " (ad.out agrees with " + fdName + ")"
	}
	return res
}

func absf(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func readJacobian(path string) (Jacobian, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Jacobian{}, err
	}
	return ParseJacobian(filepath.Base(path), string(b))
}

// classifyGenerate sorts a failed fadj generate into rejected (a
// positioned message, no crash) and broken.
func classifyGenerate(res Result, out string, err error) Result {
	if strings.Contains(out, "panic:") || strings.Contains(out, "internal error") || strings.Contains(out, "goroutine ") {
		res.Status, res.Detail = Broken, "fadj crashed: "+firstLine(out, err)
		return res
	}
	if errors.Is(err, context.DeadlineExceeded) {
		res.Status, res.Detail = Broken, "fadj generate timed out"
		return res
	}
	for _, l := range strings.Split(out, "\n") {
		if m := posRE.FindStringSubmatch(strings.TrimSpace(l)); m != nil && !strings.HasPrefix(m[4], "warning:") {
			res.Status, res.Detail, res.Group = Rejected, strings.TrimSpace(l), groupKey(m[4])
			return res
		}
	}
	res.Status, res.Detail = Broken, "fadj failed without a position: "+firstLine(out, err)
	return res
}

var quotedRE = regexp.MustCompile(`'[^']*'`)

// groupKey strips the names from a message so that rejections of one kind
// group together: "not supported yet: GO TO" stays, 'x' becomes '_'.
func groupKey(msg string) string {
	return quotedRE.ReplaceAllString(msg, "'_'")
}

func (h *Harness) skip(res Result, why string) Result {
	res.Status, res.Detail = Skipped, why
	return res
}

// flags are the gfortran options of every compilation: module files go to
// build/, bounds are checked so that a bad subscript in generated code
// stops the run instead of giving numbers.
func (h *Harness) flags(build string, rest ...string) []string {
	return append([]string{"-O0", "-fcheck=bounds", "-J", build, "-I", build}, rest...)
}

// run runs a command in dir with the harness timeout, killing its whole
// process group on timeout; it returns stdout and stderr together.
func (h *Harness) run(dir, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), h.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("%s: timed out after %v: %w", filepath.Base(name), h.Timeout, context.DeadlineExceeded)
	}
	if h.Verbose {
		fmt.Fprintf(os.Stderr, "  $ (cd %s && %s %s)\n", dir, name, strings.Join(args, " "))
	}
	return buf.String(), err
}

// firstLine sums up a failure in one line: gfortran's "Error:" line with
// the position before it, a runtime error with its "At line" line, a
// panic, else the first line of output, else the error.
func firstLine(out string, err error) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	pos := ""
	for _, l := range lines {
		s := strings.TrimSpace(l)
		switch {
		case posRE.MatchString(s) || regexp.MustCompile(`^\S+:\d+:\d*:?$`).MatchString(s) || strings.HasPrefix(s, "At line "):
			pos = s
		case strings.HasPrefix(s, "Error:") || strings.Contains(s, "Fortran runtime error") || strings.HasPrefix(s, "panic:"):
			return strings.TrimSpace(pos + " " + s)
		}
	}
	for _, l := range lines {
		if s := strings.TrimSpace(l); s != "" {
			return s
		}
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// generatedFiles lists the .f90 files fadj wrote, relative to the case
// directory, in an order gfortran can compile them one by one: a file that
// uses a module comes after the file defining it (the runtime first).
func generatedFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	defines := map[string]string{} // module -> file
	uses := map[string][]string{}  // file -> modules
	var files []string
	modRE := regexp.MustCompile(`(?im)^\s*module\s+(\w+)\s*$`)
	useRE := regexp.MustCompile(`(?im)^\s*use\s+(\w+)`)
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".f90") {
			continue
		}
		f := filepath.Join("ad", e.Name())
		files = append(files, f)
		text, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		for _, m := range modRE.FindAllSubmatch(text, -1) {
			defines[strings.ToLower(string(m[1]))] = f
		}
		for _, m := range useRE.FindAllSubmatch(text, -1) {
			uses[f] = append(uses[f], strings.ToLower(string(m[1])))
		}
	}
	sort.Strings(files)
	var order []string
	done := map[string]bool{}
	for len(order) < len(files) {
		progress := false
		for _, f := range files {
			if done[f] {
				continue
			}
			ready := true
			for _, m := range uses[f] {
				if d, ok := defines[m]; ok && d != f && !done[d] {
					ready = false
				}
			}
			if ready {
				order, done[f], progress = append(order, f), true, true
			}
		}
		if !progress { // a cycle: let gfortran say so
			for _, f := range files {
				if !done[f] {
					order, done[f] = append(order, f), true
				}
			}
		}
	}
	return order, nil
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}
