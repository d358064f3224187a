//go:build !unix

package writeout

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

const lockName = ".fadj-lock"

// lock takes an exclusive lock on dir by creating dir/.fadj-lock, waiting
// up to ten minutes while another run holds it. Without flock, a lock
// file left by a killed run must be removed by hand.
func lock(dir string) (func(), error) {
	p := filepath.Join(dir, lockName)
	deadline := time.Now().Add(10 * time.Minute)
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil {
			f.Close()
			return func() { os.Remove(p) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s exists: another fadj run holds it, or one was killed (then remove it)", p)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
