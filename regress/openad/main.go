// Command openad runs the OpenAD/F regression suite (RegressionOpenAD,
// testRoundTrip/examples) through fadj as a user would: for each case it
// reads the c$openad INDEPENDENT/DEPENDENT pragmas of head.f, writes a
// fadj spec, runs `fadj generate`, builds the original code, the adjoint
// and a driver of ours with gfortran, computes the Jacobian row by row and
// compares it with the case's refOutput/ad.out. See README.md.
//
//	go run ./regress/openad -suite DIR [-case NAME[,NAME...]] [-work DIR] [-v]
package main

import (
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

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("openad", flag.ContinueOnError)
	fs.SetOutput(stderr)
	suite := fs.String("suite", "", "checkout of RegressionOpenAD (or its testRoundTrip directory)")
	cases := fs.String("case", "", "comma-separated case names (default: all)")
	work := fs.String("work", "", "scratch directory (default: a new one under $TMPDIR, removed unless -keep)")
	keep := fs.Bool("keep", false, "keep the scratch directory")
	fadj := fs.String("fadj", "", "fadj binary to use (default: build it from this module)")
	timeout := fs.Duration("timeout", 60*time.Second, "limit of each fadj, gfortran or driver run")
	verbose := fs.Bool("v", false, "print the commands run")
	calls := fs.String("calls", "joint", "reversal of calls in the specs: joint or split (OpenAD's adm_joint and adm_split)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *suite == "" || fs.NArg() != 0 || (*calls != "joint" && *calls != "split") {
		fmt.Fprintln(stderr, "usage: openad -suite DIR [-case NAME[,NAME...]] [-calls joint|split] [-work DIR] [-keep] [-fadj PATH] [-v]")
		return 2
	}
	root := *suite
	if _, err := os.Stat(filepath.Join(root, "testRoundTrip", "examples")); err == nil {
		root = filepath.Join(root, "testRoundTrip")
	}
	examples := filepath.Join(root, "examples")
	if _, err := os.Stat(examples); err != nil {
		fmt.Fprintf(stderr, "openad: %s has no examples directory\n", *suite)
		return 2
	}
	gfortran, err := exec.LookPath("gfortran")
	if p := os.Getenv("FADJ_GFORTRAN"); p != "" {
		gfortran, err = p, nil
	}
	if err != nil {
		fmt.Fprintln(stderr, "openad: gfortran not found")
		return 1
	}

	dir := *work
	if dir == "" {
		if dir, err = os.MkdirTemp("", "fadj-openad-"); err != nil {
			fmt.Fprintln(stderr, "openad:", err)
			return 1
		}
		if !*keep {
			defer os.RemoveAll(dir)
		}
	}
	if dir, err = filepath.Abs(dir); err != nil {
		fmt.Fprintln(stderr, "openad:", err)
		return 1
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(stderr, "openad:", err)
		return 1
	}
	bin := *fadj
	if bin == "" {
		bin = filepath.Join(dir, "fadj")
		build := exec.Command("go", "build", "-o", bin, "github.com/fadj-dev/fadj/generator/cmd/fadj")
		build.Stdout, build.Stderr = stderr, stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(stderr, "openad: building fadj:", err)
			return 1
		}
	} else if bin, err = filepath.Abs(bin); err != nil {
		fmt.Fprintln(stderr, "openad:", err)
		return 1
	}

	var names []string
	if *cases != "" {
		names = strings.Split(*cases, ",")
	} else {
		ents, err := os.ReadDir(examples)
		if err != nil {
			fmt.Fprintln(stderr, "openad:", err)
			return 1
		}
		for _, e := range ents {
			if _, err := os.Stat(filepath.Join(examples, e.Name(), "head.f")); e.IsDir() && err == nil {
				names = append(names, e.Name())
			}
		}
	}
	sort.Strings(names)

	h := &Harness{
		Examples: examples, Generic: filepath.Join(root, "genericFiles"), Work: dir,
		Fadj: bin, Gfortran: gfortran, Verbose: *verbose, Timeout: *timeout, Calls: *calls,
	}
	var results []Result
	for _, n := range names {
		r := h.Run(n)
		results = append(results, r)
		fmt.Fprintf(stdout, "%-40s %-9s %s\n", r.Case, r.Status, r.Detail)
	}
	fmt.Fprint(stdout, Summary(results))
	if *keep || *work != "" {
		fmt.Fprintf(stdout, "work directory: %s\n", dir)
	}
	return 0
}

// Summary counts the results by status and groups the rejections by
// message, most frequent first.
func Summary(results []Result) string {
	var b strings.Builder
	count := map[Status]int{}
	groups := map[string][]string{}
	for _, r := range results {
		count[r.Status]++
		if r.Status == Rejected {
			groups[r.Group] = append(groups[r.Group], r.Case)
		}
	}
	fmt.Fprintf(&b, "\n%d cases: %d correct, %d rejected, %d wrong (%d wrong numbers + %d broken)",
		len(results), count[Correct], count[Rejected], count[Wrong]+count[Broken], count[Wrong], count[Broken])
	fmt.Fprintf(&b, "; %d disputed (reference suspect), %d without ad.out, %d skipped by the harness\n",
		count[Disputed], count[NoRef], count[Skipped])
	// A Jacobian is shown right by ad.out, or, where ad.out is missing
	// or is itself not the derivative, by finite differences.
	fd := 0
	for _, r := range results {
		if (r.Status == Disputed || r.Status == NoRef) && r.AgreesFD {
			fd++
		}
	}
	fmt.Fprintf(&b, "Jacobians shown right: %d (%d matching ad.out + %d disputed or without ad.out that agree with finite differences)\n",
		count[Correct]+fd, count[Correct], fd)
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(groups[keys[i]]) != len(groups[keys[j]]) {
			return len(groups[keys[i]]) > len(groups[keys[j]])
		}
		return keys[i] < keys[j]
	})
	if len(keys) > 0 {
		fmt.Fprintf(&b, "\nrejections by message:\n")
	}
	for _, k := range keys {
		fmt.Fprintf(&b, "%4d  %s\n      %s\n", len(groups[k]), k, strings.Join(groups[k], " "))
	}
	return b.String()
}
