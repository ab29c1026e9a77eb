// Command playground builds and serves gospacer's browser playground: a
// static page (an editor with the examples, a run with a timeout, the
// answer with its model or derivation, the statistics) over the solver
// compiled to WebAssembly (GOOS=js), which runs in a Web Worker.
//
//	go run ./cmd/playground                 # build, then serve on localhost:8080
//	go run ./cmd/playground -addr :9000
//	go run ./cmd/playground -out site       # build the static site into site/ and exit
//
// The site is plain files (index.html, app.js, worker.js, style.css,
// wasm_exec.js from the Go distribution, gospacer.wasm, examples.json from
// examples/*.smt2): any static web server can serve it. Run it from the
// repository (the build calls go build and reads examples/).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	out := flag.String("out", "", "build the static site into `dir` and exit")
	addr := flag.String("addr", "localhost:8080", "serve on `address`")
	flag.Parse()
	dir := *out
	if dir == "" {
		tmp, err := os.MkdirTemp("", "gospacer-playground")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	fmt.Fprintln(os.Stderr, "playground: building the site (go build GOOS=js GOARCH=wasm)…")
	if err := Build(dir); err != nil {
		fmt.Fprintln(os.Stderr, "playground:", err)
		os.Exit(1)
	}
	if *out != "" {
		fmt.Fprintln(os.Stderr, "playground: site written to", dir)
		return
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "playground:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "playground: serving on http://%s/ (interrupt to stop)\n", ln.Addr())
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir))}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(os.Stderr, "playground:", err)
	}
}
