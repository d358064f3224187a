// Package gfortran finds and runs the GNU Fortran compiler, for tests
// and for fadj check.
package gfortran

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"
)

// ErrNotFound says that no gfortran was found.
var ErrNotFound = errors.New("gfortran not found: install it (Debian/Ubuntu: apt-get install gfortran) or set FADJ_GFORTRAN to its path")

// Find returns the path of gfortran: $FADJ_GFORTRAN if set, else the
// first gfortran on PATH.
func Find() (string, error) {
	if p := os.Getenv("FADJ_GFORTRAN"); p != "" {
		if _, err := exec.LookPath(p); err != nil {
			return "", fmt.Errorf("FADJ_GFORTRAN=%s: %v", p, err)
		}
		return p, nil
	}
	p, err := exec.LookPath("gfortran")
	if err != nil {
		return "", ErrNotFound
	}
	return p, nil
}

// Compiler is a gfortran to build with.
type Compiler struct {
	Path  string
	Flags []string // added before the sources, e.g. -O2, -std=legacy
}

// Build compiles srcs into the executable out, in dir (module files
// land there too). The error holds the compiler's output.
func (c *Compiler) Build(dir, out string, srcs ...string) error {
	args := append(append([]string{}, c.Flags...), "-J", dir, "-o", out)
	args = append(args, srcs...)
	cmd := exec.Command(c.Path, args...)
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("gfortran %v: %v\n%s", args, err, buf.Bytes())
	}
	return nil
}

// SyntaxCheck compiles srcs, in order, for errors only (-fsyntax-only),
// in dir (module files land there). The error holds the compiler's
// output.
func (c *Compiler) SyntaxCheck(dir string, srcs ...string) error {
	_, err := c.SyntaxOutput(dir, srcs...)
	return err
}

// SyntaxOutput is SyntaxCheck that also returns what the compiler
// printed when it succeeded: its warnings.
func (c *Compiler) SyntaxOutput(dir string, srcs ...string) ([]byte, error) {
	return c.output(dir, "-fsyntax-only", srcs)
}

// CompileOutput compiles srcs, in order, into object files in dir (at
// the compiler's default optimisation unless Flags set one) and returns
// what the compiler printed when it succeeded: its warnings, including
// those only code generation finds (an unused procedure, a value used
// uninitialized), which -fsyntax-only does not.
func (c *Compiler) CompileOutput(dir string, srcs ...string) ([]byte, error) {
	return c.output(dir, "-c", srcs)
}

// output runs the compiler on srcs in dir with the flag that says what
// to make of them, and returns what it printed.
func (c *Compiler) output(dir, what string, srcs []string) ([]byte, error) {
	args := append(append([]string{}, c.Flags...), what, "-J", dir)
	args = append(args, srcs...)
	cmd := exec.Command(c.Path, args...)
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("gfortran %v: %v\n%s", args, err, buf.Bytes())
	}
	return buf.Bytes(), nil
}

// Run runs an executable in dir with a time limit and returns its
// standard output. A non-zero exit is an error holding its stderr.
func Run(dir, exe string, limit time.Duration) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return stdout.Bytes(), fmt.Errorf("%s: timed out after %v", exe, limit)
		}
		return stdout.Bytes(), fmt.Errorf("%s: %v\n%s", exe, err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}
