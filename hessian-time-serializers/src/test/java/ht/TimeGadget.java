package ht;

/**
 * Test only: a Serializable class whose name starts with a wire class name ({@code ht.Time}). Dubbo's allowlist
 * matches prefixes, so an allowlist entry {@code ht.Time} would admit it; hessian2-time must not.
 */
public class TimeGadget implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    public int payload = 7;
}
