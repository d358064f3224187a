//go:build !unix

package input

import "os"

// openFile opens path for reading. Without O_NONBLOCK a FIFO put in the
// file's place between the check and the open could block; such systems
// have no FIFOs in the file system (Windows) or are not supported.
func openFile(path string) (*os.File, error) {
	return os.Open(path)
}
