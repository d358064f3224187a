// Package input reads the files fadj takes as input, under one policy
// (docs/safety.md):
//
//   - only regular files: a named pipe, a device, a socket or a directory
//     is an error, so that a source naming /dev/zero or a FIFO cannot make
//     fadj read forever or block;
//   - the size is checked before the file is read, and the read is bounded
//     too, so that a file that grows meanwhile cannot exhaust memory;
//   - the limits are MaxFileSize for a Fortran file and MaxTotalSize for
//     all the Fortran files of one run, includes counted each time they
//     are included (the spec's own limit is config.MaxSize).
//
// Where included files may be found is load's business (Confined).
package input

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Limits on what one run reads.
const (
	MaxFileSize  = 64 << 20  // bytes of one Fortran file
	MaxTotalSize = 256 << 20 // bytes of all the Fortran files of a run, includes counted each time
)

// ErrNotRegular and ErrTooLarge are wrapped by the errors of ReadFile and
// Check for a file that is not a regular file or is too large.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrTooLarge   = errors.New("file too large")
)

// Error is a file that cannot be read under the policy. Its message does
// not repeat the path: callers print it next to the path or position.
type Error struct {
	Path string
	msg  string
	kind error // ErrNotRegular or ErrTooLarge
}

func (e *Error) Error() string { return e.msg }

func (e *Error) Unwrap() error { return e.kind }

// Check reports whether the file at path (symbolic links followed) may be
// read under the policy, with at most max bytes.
func Check(path string, max int64) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	return checkInfo(path, fi, max)
}

func checkInfo(path string, fi fs.FileInfo, max int64) error {
	if !fi.Mode().IsRegular() {
		return &Error{Path: path, kind: ErrNotRegular, msg: fmt.Sprintf("not a regular file (%s)", describeMode(fi.Mode()))}
	}
	if fi.Size() > max {
		return tooLarge(path, fi.Size(), max)
	}
	return nil
}

func tooLarge(path string, size, max int64) error {
	what := "more than " + Size(max)
	if size > max {
		what = Size(size) + ", more than the limit of " + Size(max)
	}
	return &Error{Path: path, kind: ErrTooLarge, msg: "file is " + what}
}

// ReadFile reads the regular file at path, of at most max bytes. The
// error is an *Error, or an I/O error whose *fs.PathError is removed
// (the caller names the file).
func ReadFile(path string, max int64) ([]byte, error) {
	if err := Check(path, max); err != nil {
		return nil, unwrapPath(err)
	}
	// Opened without blocking, so that a FIFO put in the file's place
	// after the check cannot block the open; checked again once open.
	f, err := openFile(path)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, unwrapPath(err)
	}
	if err := checkInfo(path, fi, max); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, unwrapPath(err)
	}
	if int64(len(data)) > max {
		return nil, tooLarge(path, 0, max) // it grew while read
	}
	return data, nil
}

// unwrapPath drops the *fs.PathError around err: its message repeats
// the path and the operation.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// describeMode names the kind of a file that is not regular.
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// Size formats a byte count for messages: 64 MiB, 20 GiB, 1.5 KiB, 12 bytes.
func Size(n int64) string {
	units := []string{"KiB", "MiB", "GiB", "TiB"}
	if n < 1024 {
		return fmt.Sprintf("%d bytes", n)
	}
	f := float64(n) / 1024
	u := 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	s := fmt.Sprintf("%.1f", f)
	s = strings.TrimSuffix(s, ".0")
	return s + " " + units[u]
}

// Confined reports whether path lies in one of the directories roots (or
// is one of them). The test is lexical, on absolute cleaned paths:
// symbolic links inside a root are the tree owner's own and are followed
// (Bazel's sandboxes are made of them), but a path that climbs out of
// every root with ".." is not.
func Confined(path string, roots []string) bool {
	p, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	for _, r := range roots {
		r, err := filepath.Abs(r)
		if err != nil {
			continue
		}
		if p == r || strings.HasPrefix(p, r+string(filepath.Separator)) || r == string(filepath.Separator) && filepath.IsAbs(p) {
			return true
		}
	}
	return false
}
