package explain

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/driver"
)

// chromium returns the path of Debian's chromium, or skips the test
// (fails under CI or with FADJ_REQUIRE_CHROMIUM=1, as .ci/run sets).
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" || os.Getenv("FADJ_REQUIRE_CHROMIUM") == "1" {
		t.Fatal("this test needs chromium (apt-get install chromium)")
	}
	t.Skip("this test needs chromium (apt-get install chromium)")
	return ""
}

// TestHTMLInChromium opens the page of the module kernel in headless
// Chromium: the DOM after loading holds the source and its annotations,
// and the screenshot is not blank and shows the colours of an active line
// and of a tape note.
func TestHTMLInChromium(t *testing.T) {
	bin := chromium(t)
	r, err := Run(filepath.Join("testdata", "module", "spec.yaml"), driver.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "explain.html")
	var buf bytes.Buffer
	if err := WriteHTML(&buf, r); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "explain.png")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	// One run: --dump-dom prints the DOM once the page has loaded, and
	// --screenshot writes the picture.
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--window-size=1100,900",
		"--screenshot="+shot, "--dump-dom", "file://"+page)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	dom := stdout.String()
	for _, want := range []string{
		"t = t + 0.1_dp*dtdt*exp(-t)",                     // a source line
		`class="active"`,                                  // marked active
		"its old value is read by the adjoint of line 27", // a tape note
		"saved here, restored before the re-run",          // a snapshot
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("the page chromium loaded lacks %q", want)
		}
	}
	checkScreenshot(t, shot)
}

// checkScreenshot checks that the picture has many colours, among them
// the background of an active line and of a tape note.
func checkScreenshot(t *testing.T, path string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	colours := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			colours[rgba(img, x, y)]++
		}
	}
	if len(colours) < 8 {
		t.Errorf("screenshot %v has %d colours: blank?", b.Size(), len(colours))
	}
	for name, c := range map[string]color.RGBA{
		"active line": {0xff, 0xf3, 0xcd, 0xff},
		"tape note":   {0xf8, 0xd7, 0xda, 0xff},
	} {
		if colours[c] < 50 {
			t.Errorf("screenshot shows no %s background (%v: %d pixels)", name, c, colours[c])
		}
	}
}

func rgba(img image.Image, x, y int) color.RGBA {
	r, g, b, a := img.At(x, y).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}
