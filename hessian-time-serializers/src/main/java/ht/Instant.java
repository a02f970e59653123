package ht;

/**
 * Wire name of a compact {@code java.time.Instant} (hessian-time format v1); see {@code docs/wire-format.md}.
 *
 * <p>Only the name is used: it is the type of the Hessian class definition, and readers map it to a deserializer.
 * Never instantiated. {@link java.io.Serializable} only because Dubbo's class check requires it of wire classes.
 */
public final class Instant implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * The v1 field names (referenced and unreferenced framing), declared so that a stock reader that has this jar on
     * its class path but not hessian-time's factory fails on the binary payload (a long is expected) instead of
     * returning an empty marker object.
     */
    private final long nanos;
    private final long seconds;

    private Instant() {
        nanos = 0;
        seconds = 0;
    }
}
