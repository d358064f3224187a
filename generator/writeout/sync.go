package writeout

import (
	"errors"
	"os"
	"runtime"
	"syscall"
)

// syncDir makes the renames and removals in dir durable. Systems that
// cannot sync a directory (Windows) make them durable by themselves or
// not at all; their errors are ignored.
func syncDir(dir string) error {
	step("sync " + dir)
	if runtime.GOOS == "windows" {
		return nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	return nil
}
