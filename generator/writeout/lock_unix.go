//go:build unix

package writeout

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

const lockName = ".fadj-lock"

// lock takes an exclusive lock on dir, waiting for the holder to release
// it, and returns the function that releases it. The lock is a flock on
// dir/.fadj-lock, which the holder removes before releasing: a waiter
// that then gets the lock on the removed file tries again, so that two
// runs never both hold it. A lock file left by a killed run holds no
// lock (the kernel releases it) and is reused.
func lock(dir string) (func(), error) {
	p := filepath.Join(dir, lockName)
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o666)
		if err != nil {
			return nil, err
		}
		for {
			err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
			if !errors.Is(err, syscall.EINTR) {
				break
			}
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		held, err1 := f.Stat()
		named, err2 := os.Lstat(p)
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			return func() {
				os.Remove(p)
				f.Close()
			}, nil
		}
		f.Close() // removed by the previous holder: try again
	}
}
