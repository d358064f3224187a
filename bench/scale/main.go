// Command scale measures how fadj's time and peak memory grow with the
// size of its input: expression length, line length, routine length and
// the number of files (issue 14). For each size it writes a spec and its
// Fortran into a temporary directory and runs the front end (read, parse,
// analyse) and the whole generation, each in a child process of its own,
// so that the peak resident memory (VmHWM) is that run's.
// Times are CPU time (user + system, of all threads), less sensitive than
// wall time to the other load of a shared machine.
//
//	go run ./bench/scale                     # every dimension, markdown tables
//	go run ./bench/scale -dims expr,line     # some of them
//
// Each row gives the ratio of time and of memory to the row before: the
// goal is at most 1.5 per doubling of the input (linear growth, with room
// for noise). The first rows are dominated by the process's fixed cost
// (about 10 MB and a few milliseconds).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/load"
)

// A dimension is one way of making the input longer.
type dimension struct {
	name  string
	unit  string
	sizes []int
	mode  string // the target's mode
	// write returns the Fortran source of the given size.
	write func(n int) string
	note  string
}

var dimensions = []dimension{
	{name: "expr", unit: "terms", sizes: []int{1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14, 1 << 15, 1 << 16}, mode: "reverse",
		write: sumSource, note: "one assignment: a sum of n terms (x(k)*x(k+1), sin(x(k)), 2.5d0*x(k)), 8 terms per continuation line"},
	{name: "line", unit: "bytes", sizes: []int{1 << 18, 1 << 19, 1 << 20, 1 << 21, 1 << 22}, mode: "reverse",
		write: dataLineSource, note: "one line: a named constant array of n bytes of literals, summed into the result"},
	{name: "comment", unit: "bytes", sizes: []int{1 << 18, 1 << 19, 1 << 20, 1 << 21, 1 << 22}, mode: "reverse",
		write: commentSource, note: "one comment line of n bytes, kept in the generated code"},
	{name: "exprline", unit: "bytes", sizes: []int{1 << 15, 1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20}, mode: "reverse",
		write: sumLineSource, note: "one line y = x+x+...+x of n bytes (n/5 terms; 262,144 operators is the limit)"},
	{name: "routine", unit: "lines", sizes: []int{1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14}, mode: "tangent",
		write: routineSource, note: "one routine of n lines: assignments, intrinsics and IF constructs; tangent mode"},
	{name: "routine-rev", unit: "lines", sizes: []int{1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14}, mode: "reverse",
		write: routineSource, note: "the same routines in reverse mode"},
	{name: "files", unit: "files", sizes: []int{1 << 5, 1 << 6, 1 << 7, 1 << 8, 1 << 9}, mode: "reverse",
		note: "n files of one module procedure each, called in a chain from the target"},
	{name: "product", unit: "factors", sizes: []int{1 << 9, 1 << 10, 1 << 11, 1 << 12}, mode: "reverse",
		write: productSource, note: "y = x(1)*x(2)*...: the partials of a long product (quadratic when written out; package share keeps them linear)"},
}

func main() {
	worker := flag.String("worker", "", "internal: run one stage (front or generate) on the spec given as argument")
	dims := flag.String("dims", "expr,line,comment,exprline,routine,routine-rev,files,product", "dimensions to measure (comma-separated)")
	flag.Parse()
	if *worker != "" {
		os.Exit(work(*worker, flag.Arg(0)))
	}
	for _, name := range strings.Split(*dims, ",") {
		d := find(name)
		if d == nil {
			fmt.Fprintf(os.Stderr, "unknown dimension %q\n", name)
			os.Exit(2)
		}
		if err := measure(d); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func find(name string) *dimension {
	for i := range dimensions {
		if dimensions[i].name == name {
			return &dimensions[i]
		}
	}
	return nil
}

// work is the child process: one stage on one spec.
func work(stage, specPath string) int {
	var err error
	switch stage {
	case "front":
		dir := filepath.Dir(specPath)
		var paths []string
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".f90") {
				paths = append(paths, filepath.Join(dir, e.Name()))
			}
		}
		_, err = load.Files(paths, load.Config{})
	case "generate":
		var res *driver.Result
		res, err = driver.Generate(specPath)
		if err == nil {
			n := 0
			for _, f := range res.Files {
				n += len(f.Data)
			}
			fmt.Println(n)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("peak %d\n", peakRSS())
	return 0
}

// peakRSS returns the process's peak resident memory in bytes from
// /proc/self/status (VmHWM), or 0 where there is none. The parent's
// getrusage figure is no use on Linux: the child shares the parent's
// memory until it executes, and the peak carries over.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), &kb)
			return kb * 1024
		}
	}
	return 0
}

type run struct {
	cpu  time.Duration
	rss  int64 // bytes
	out  string
	wall time.Duration
}

func child(stage, spec string) (run, error) {
	cmd := exec.Command(os.Args[0], "-worker", stage, spec)
	cmd.Env = os.Environ()
	var out strings.Builder
	cmd.Stdout = &out
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return run{}, fmt.Errorf("%s %s: %v", stage, spec, err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	r := run{
		cpu:  time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		rss:  ru.Maxrss * 1024, // kilobytes on Linux; an upper bound
		wall: time.Since(start),
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, "peak "); ok {
			var peak int64
			if fmt.Sscan(rest, &peak); peak > 0 {
				r.rss = peak
			}
		} else if line != "" {
			r.out = line
		}
	}
	return r, nil
}

func measure(d *dimension) error {
	fmt.Printf("\n### %s: %s\n\n", d.name, d.note)
	fmt.Printf("| %s | input | front end CPU | ratio | front end peak | ratio | generate CPU | ratio | generate peak | ratio | output |\n", d.unit)
	fmt.Println("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	var prevF, prevG run
	for i, n := range d.sizes {
		dir, err := os.MkdirTemp("", "fadj-scale-")
		if err != nil {
			return err
		}
		size, err := writeInput(d, n, dir)
		if err != nil {
			return err
		}
		spec := filepath.Join(dir, "spec.yaml")
		f, err := child("front", spec)
		if err != nil {
			return err
		}
		g, err := child("generate", spec)
		if err != nil {
			return err
		}
		os.RemoveAll(dir)
		ratio := func(a, b float64) string {
			if i == 0 || b == 0 {
				return ""
			}
			return fmt.Sprintf("%.2f", a/b)
		}
		fmt.Printf("| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", n, bytes(int64(size)),
			dur(f.cpu), ratio(f.cpu.Seconds(), prevF.cpu.Seconds()), bytes(f.rss), ratio(float64(f.rss), float64(prevF.rss)),
			dur(g.cpu), ratio(g.cpu.Seconds(), prevG.cpu.Seconds()), bytes(g.rss), ratio(float64(g.rss), float64(prevG.rss)),
			bytesString(g.out))
		prevF, prevG = f, g
	}
	return nil
}

func dur(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func bytes(n int64) string {
	switch {
	case n >= 10<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KB", n>>10)
}

func bytesString(s string) string {
	var n int64
	fmt.Sscan(s, &n)
	return bytes(n)
}

// writeInput writes spec.yaml and the Fortran of size n into dir and
// returns the number of bytes of Fortran.
func writeInput(d *dimension, n int, dir string) (int, error) {
	files := map[string]string{}
	target := "f"
	if d.name == "files" {
		files = chainSources(n)
		target = fmt.Sprintf("m%d::s%d", n-1, n-1)
	} else {
		files["f.f90"] = d.write(n)
	}
	var names []string
	size := 0
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return 0, err
		}
		names = append(names, name)
		size += len(text)
	}
	if d.name == "files" {
		// Modules must come before their users: m0 first.
		names = names[:0]
		for k := 0; k < n; k++ {
			names = append(names, fmt.Sprintf("m%d.f90", k))
		}
	}
	spec := fmt.Sprintf("version: 1\nsources: [%s]\noutput: {dir: ad}\ntargets:\n  - {routine: '%s', mode: %s, independents: [x], dependents: [y]}\n",
		strings.Join(names, ", "), target, d.mode)
	return size, os.WriteFile(filepath.Join(dir, "spec.yaml"), []byte(spec), 0o644)
}

const head = "subroutine f(x, y)\n  implicit none\n  real(8), intent(in) :: x(8)\n  real(8), intent(out) :: y\n"

func sumSource(n int) string {
	var b strings.Builder
	b.WriteString(head)
	b.WriteString("  y = 0")
	for k := 0; k < n; k++ {
		if k%8 == 0 {
			b.WriteString(" &\n    ")
		}
		i := k%7 + 1
		switch k % 3 {
		case 0:
			fmt.Fprintf(&b, " + x(%d)*x(%d)", i, i+1)
		case 1:
			fmt.Fprintf(&b, " + sin(x(%d))", i)
		default:
			fmt.Fprintf(&b, " + 2.5d0*x(%d)", i)
		}
	}
	b.WriteString("\nend subroutine f\n")
	return b.String()
}

func productSource(n int) string {
	var b strings.Builder
	b.WriteString(head)
	b.WriteString("  y = x(1)")
	for k := 1; k < n; k++ {
		if k%16 == 0 {
			b.WriteString(" &\n    ")
		}
		fmt.Fprintf(&b, "*x(%d)", k%8+1)
	}
	b.WriteString("\nend subroutine f\n")
	return b.String()
}

func dataLineSource(n int) string {
	// Each literal is 8 bytes: "1.25d0, ".
	count := n / 8
	var b strings.Builder
	b.WriteString("subroutine f(x, y)\n  implicit none\n  real(8), intent(in) :: x(8)\n  real(8), intent(out) :: y\n")
	fmt.Fprintf(&b, "  real(8), parameter :: c(%d) = [", count)
	for k := 0; k < count; k++ {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d.%dd0", k%10, k%7)
	}
	b.WriteString("]\n  y = sum(c)*x(1) + x(2)**2\nend subroutine f\n")
	return b.String()
}

func commentSource(n int) string {
	return head + "  ! " + strings.Repeat("word ", n/5) + "\n  y = x(1)*x(2)\nend subroutine f\n"
}

func sumLineSource(n int) string {
	return head + "  y = x(1)" + strings.Repeat("+x(1)", (n-10)/5) + "\nend subroutine f\n"
}

func routineSource(n int) string {
	var b strings.Builder
	b.WriteString("subroutine f(x, y)\n  implicit none\n  real(8), intent(in) :: x(8)\n  real(8), intent(out) :: y\n  real(8) :: a, c, d\n")
	b.WriteString("  a = x(1)\n  c = x(2)\n  y = 0\n")
	for lines := 8; lines < n; lines += 8 {
		k := lines/8%7 + 1
		fmt.Fprintf(&b, "  a = a + x(%d)*c\n  c = sin(a)*x(%d)\n  if (a > c) then\n    d = a*c\n  else\n    d = a + c\n  end if\n  y = y + d\n", k, k+1)
	}
	b.WriteString("end subroutine f\n")
	return b.String()
}

// chainSources returns n files: module mk holds sk, which calls s(k-1).
func chainSources(n int) map[string]string {
	files := map[string]string{}
	for k := 0; k < n; k++ {
		var b strings.Builder
		fmt.Fprintf(&b, "module m%d\n", k)
		if k > 0 {
			fmt.Fprintf(&b, "  use m%d\n", k-1)
		}
		fmt.Fprintf(&b, "  implicit none\ncontains\n  subroutine s%d(x, y)\n    real(8), intent(in) :: x(8)\n    real(8), intent(out) :: y\n    real(8) :: t\n", k)
		if k > 0 {
			fmt.Fprintf(&b, "    call s%d(x, t)\n", k-1)
		} else {
			b.WriteString("    t = x(1)\n")
		}
		for j := 0; j < 8; j++ {
			fmt.Fprintf(&b, "    t = t*x(%d) + sin(t)\n", j%8+1)
		}
		fmt.Fprintf(&b, "    y = t\n  end subroutine s%d\nend module m%d\n", k, k)
		files[fmt.Sprintf("m%d.f90", k)] = b.String()
	}
	return files
}
