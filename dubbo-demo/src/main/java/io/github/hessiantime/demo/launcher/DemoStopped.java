package io.github.hessiantime.demo.launcher;

/** A stop the demo explains in one sentence, so it prints no stack trace. */
final class DemoStopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DemoStopped(String message) {
        super(message);
    }
}
