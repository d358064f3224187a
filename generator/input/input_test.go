//go:build unix

package input

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.f90", "end\n")
	sparse := filepath.Join(dir, "sparse.f90")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	// 20 GB that take no room: the size is checked before anything is read.
	if err := f.Truncate(20 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	loop := filepath.Join(dir, "loop.inc")
	if err := os.Symlink("loop.inc", loop); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		max  int64
		kind error  // errors.Is
		msg  string // the error's message
	}{
		{path: ok, max: 4},
		{path: ok, max: 3, kind: ErrTooLarge, msg: "file is 4 bytes, more than the limit of 3 bytes"},
		{path: sparse, max: MaxFileSize, kind: ErrTooLarge, msg: "file is 20 GiB, more than the limit of 64 MiB"},
		{path: dir, max: MaxFileSize, kind: ErrNotRegular, msg: "not a regular file (a directory)"},
		{path: filepath.Join(dir, "none.f90"), max: MaxFileSize, kind: fs.ErrNotExist, msg: "no such file or directory"},
		{path: loop, max: MaxFileSize, kind: syscall.ELOOP, msg: "too many levels of symbolic links"},
	}
	if runtime.GOOS == "linux" {
		tests = append(tests, struct {
			path string
			max  int64
			kind error
			msg  string
		}{path: "/dev/zero", max: MaxFileSize, kind: ErrNotRegular, msg: "not a regular file (a character device)"})
	}
	for _, tt := range tests {
		data, err := ReadFile(tt.path, tt.max)
		if tt.kind == nil {
			if err != nil || string(data) != "end\n" {
				t.Errorf("ReadFile(%s) = %q, %v", tt.path, data, err)
			}
			continue
		}
		if !errors.Is(err, tt.kind) || err.Error() != tt.msg {
			t.Errorf("ReadFile(%s): error %q (%T), want %q (%v)", tt.path, err, err, tt.msg, tt.kind)
		}
	}
}

// TestReadFIFO: a named pipe is refused at once; it is never opened,
// which would block until a writer comes.
func TestReadFIFO(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs")
	}
	p := filepath.Join(t.TempDir(), "pipe.f90")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadFile(p, MaxFileSize)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) || err.Error() != "not a regular file (a named pipe)" {
			t.Errorf("error %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadFile blocks on a FIFO")
	}
	// Opening it without blocking is what protects a FIFO swapped in
	// after the check.
	f, err := openFile(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
}

func TestConfined(t *testing.T) {
	roots := []string{"/a/spec", "/inc"}
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/a/spec", true},
		{"/a/spec/x.f90", true},
		{"/a/spec/sub/../x.f90", true},
		{"/a/spec/../secret", false},
		{"/a/specs/x.f90", false},
		{"/inc/h.inc", true},
		{"/etc/passwd", false},
	} {
		if got := Confined(tt.path, roots); got != tt.want {
			t.Errorf("Confined(%s) = %v", tt.path, got)
		}
	}
	if !Confined("/anything", []string{"/"}) {
		t.Error("the root directory holds everything")
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1023: "1023 bytes", 1024: "1 KiB", 1536: "1.5 KiB", 64 << 20: "64 MiB", 20 << 30: "20 GiB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %s, want %s", n, got, want)
		}
	}
}
