// Command models differentiates public Fortran models and libraries with
// fadj as a user would, and checks every gradient with `fadj check`
// (central finite differences and the dot-product test). Nothing of the
// models is in this repository: bring your own checkouts (README.md says
// which, at which commit). The specs and check-point setups, ours, are in
// testdata/<model>/.
//
//	go run ./regress/models -root DIR [-model NAME[,NAME...]] [-fadj PATH] [-work DIR] [-specs DIR] [-v]
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// A model is one public code: where its checkout is under -root, and the
// directories of it the specs read.
type model struct {
	Name   string
	Repo   string // the public repository
	Commit string // the commit the specs were written against
	Dir    string // the checkout's directory under -root
	Copy   []string
	// Also are other codes the specs read, built with the model (a
	// library it uses).
	Also []library
}

// A library is another checkout under -root, whose files Copy are copied
// into directory Into of the model's scratch directory.
type library struct {
	Repo, Commit, Dir string
	Copy              []string
	Into              string
}

// models are the codes of testdata/, in the order of the table.
var models = []model{
	{Name: "minpack", Repo: "https://github.com/fortran-lang/minpack", Commit: "c0b5aea", Dir: "minpack", Copy: []string{"src"}},
	{Name: "gsw", Repo: "https://github.com/TEOS-10/GSW-Fortran", Commit: "6a8af9f", Dir: "GSW-Fortran", Copy: []string{"modules", "toolbox"}},
	{Name: "ecrad", Repo: "https://github.com/ecmwf-ifs/ecrad", Commit: "131ac98", Dir: "ecrad", Copy: []string{"ifsaux", "drhook", "radiation"}},
	{Name: "speedy", Repo: "https://github.com/samhatfield/speedy.f90", Commit: "0ebfdbf", Dir: "speedy.f90", Copy: []string{"source"}},
	{Name: "icepack", Repo: "https://github.com/CICE-Consortium/Icepack", Commit: "0fa79f8", Dir: "Icepack", Copy: []string{"columnphysics"}},
	{Name: "cloudsc", Repo: "https://github.com/ecmwf-ifs/dwarf-p-cloudsc", Commit: "f7ba9f8", Dir: "dwarf-p-cloudsc", Copy: []string{"src/common", "src/cloudsc_fortran", "data"}},
	{Name: "gotm", Repo: "https://github.com/gotm-model/code", Commit: "84f8d8e", Dir: "gotm", Copy: []string{"include", "src/util", "src/turbulence"},
		Also: []library{{Repo: "https://github.com/BoldingBruggeman/fortran-yaml", Commit: "c56f5e9", Dir: "fortran-yaml",
			Copy: []string{"yaml_types.F90", "yaml.F90", "yaml_settings.F90"}, Into: "yaml"}}},
	{Name: "fsm", Repo: "https://github.com/RichardEssery/FSM", Commit: "c936a6d", Dir: "FSM", Copy: []string{"src"}},
	{Name: "cvmix", Repo: "https://github.com/CVMix/CVMix-src", Commit: "aaff195", Dir: "CVMix-src", Copy: []string{"src/shared"}},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("models", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", "", "directory holding the models' checkouts (README.md)")
	only := fs.String("model", "", "comma-separated model names (default: all)")
	fadj := fs.String("fadj", "", "fadj binary to use (default: build it from this module)")
	work := fs.String("work", "", "scratch directory, kept (default: a new one, removed)")
	timeout := fs.Duration("timeout", 10*time.Minute, "limit of each fadj check")
	verbose := fs.Bool("v", false, "print fadj check's output")
	specs := fs.String("specs", "", "directory of our specs and setups (default: testdata here or regress/models/testdata)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *root == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: models -root DIR [-model NAME[,NAME...]] [-fadj PATH] [-work DIR] [-v]")
		return 2
	}
	if *specs == "" {
		*specs = "testdata"
		if _, err := os.Stat(*specs); err != nil {
			*specs = filepath.Join("regress", "models", "testdata")
		}
	}
	selected, err := selectModels(*only)
	if err != nil {
		fmt.Fprintln(stderr, "models:", err)
		return 2
	}
	dir := *work
	if dir == "" {
		d, err := os.MkdirTemp("", "fadj-models-")
		if err != nil {
			fmt.Fprintln(stderr, "models:", err)
			return 1
		}
		defer os.RemoveAll(d)
		dir = d
	}
	bin := *fadj
	if bin == "" {
		bin = filepath.Join(dir, "fadj")
		if out, err := exec.Command("go", "build", "-o", bin, "github.com/fadj-dev/fadj/generator/cmd/fadj").CombinedOutput(); err != nil {
			fmt.Fprintf(stderr, "models: building fadj: %v\n%s", err, out)
			return 1
		}
	}
	failed := 0
	fmt.Fprintf(stdout, "%-9s %-62s %-6s %s\n", "MODEL", "TARGET", "RESULT", "TESTS")
	for _, m := range selected {
		rs, err := checkModel(m, *root, *specs, dir, bin, *timeout, *verbose, stdout)
		if err != nil {
			fmt.Fprintf(stdout, "%-9s %-62s %-6s %v\n", m.Name, "-", "ERROR", err)
			failed++
			continue
		}
		for _, r := range rs {
			fmt.Fprintf(stdout, "%-9s %-62s %-6s %s\n", m.Name, r.target, r.verdict(), r.tests())
			if r.verdict() != "PASS" {
				failed++
			}
		}
	}
	if failed > 0 {
		fmt.Fprintf(stdout, "%d failed\n", failed)
		return 1
	}
	return 0
}

func selectModels(only string) ([]model, error) {
	if only == "" {
		return models, nil
	}
	var out []model
	for _, name := range strings.Split(only, ",") {
		found := false
		for _, m := range models {
			if m.Name == name {
				out, found = append(out, m), true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown model %q", name)
		}
	}
	return out, nil
}

// result is what fadj check said of one spec.
type result struct {
	target     string
	pass, fail int
	err        string // fadj check failed before testing, or said FAIL
}

func (r result) verdict() string {
	if r.err != "" || r.fail > 0 || r.pass == 0 {
		return "FAIL"
	}
	return "PASS"
}

func (r result) tests() string {
	s := fmt.Sprintf("%d/%d", r.pass, r.pass+r.fail)
	if r.err != "" {
		s += "  " + r.err
	}
	return s
}

// checkModel copies the model's directories and our testdata into
// work/<model> and runs fadj check on each spec there.
func checkModel(m model, root, specs, work, bin string, timeout time.Duration, verbose bool, stdout io.Writer) ([]result, error) {
	src := filepath.Join(root, m.Dir)
	if _, err := os.Stat(src); err != nil {
		return nil, fmt.Errorf("no checkout at %s (git clone %s %s && git -C %s checkout %s)", src, m.Repo, src, src, m.Commit)
	}
	dst := filepath.Join(work, m.Name)
	for _, d := range m.Copy {
		if err := copyTree(filepath.Join(src, d), filepath.Join(dst, d)); err != nil {
			return nil, err
		}
	}
	for _, l := range m.Also {
		lsrc := filepath.Join(root, l.Dir)
		if _, err := os.Stat(lsrc); err != nil {
			return nil, fmt.Errorf("no checkout at %s (git clone %s %s && git -C %s checkout %s)", lsrc, l.Repo, lsrc, lsrc, l.Commit)
		}
		if err := os.MkdirAll(filepath.Join(dst, l.Into), 0o755); err != nil {
			return nil, err
		}
		for _, f := range l.Copy {
			if err := copyTree(filepath.Join(lsrc, f), filepath.Join(dst, l.Into, f)); err != nil {
				return nil, err
			}
		}
	}
	own := filepath.Join(specs, m.Name)
	if err := copyTree(own, dst); err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(dst, "*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var rs []result
	for _, spec := range files {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		cmd := exec.CommandContext(ctx, bin, "check", filepath.Base(spec))
		cmd.Dir = dst
		// A setup that reads the model's own input data (CLOUDSC's) finds
		// the copy of the checkout here: the check program runs elsewhere.
		cmd.Env = append(os.Environ(), "MODEL_DIR="+dst)
		out, err := cmd.CombinedOutput()
		cancel()
		if verbose {
			stdout.Write(out)
		}
		r := parse(out)
		name := strings.TrimSuffix(filepath.Base(spec), ".yaml")
		switch routine := r.target[strings.LastIndex(r.target, ":")+1:]; {
		case r.target == "":
			r.target = name
		case routine != name:
			// Several specs of one routine (CLOUDSC's, one per step size).
			r.target += " (" + name + ")"
		}
		if err != nil && r.fail == 0 {
			r.err = lastLine(out)
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// parse reads fadj check's table: one row per test, "... PASS" or
// "... FAIL" at the end.
func parse(out []byte) result {
	var r result
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 5 || f[0] == "TARGET" || f[0] == "fadj" {
			continue
		}
		switch f[len(f)-1] {
		case "PASS":
			r.pass++
		case "FAIL":
			r.fail++
		default:
			continue
		}
		r.target = f[0]
	}
	return r
}

func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	l := lines[len(lines)-1]
	if len(l) > 200 {
		l = l[:200] + "..."
	}
	return l
}

// copyTree copies the regular files under from to the same paths under
// to.
func copyTree(from, to string) error {
	return filepath.Walk(from, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		if fi.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		if !fi.Mode().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
}
