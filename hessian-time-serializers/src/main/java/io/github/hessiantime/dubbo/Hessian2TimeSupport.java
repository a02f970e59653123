package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.logger.LoggerFactory;


/**
 * Whether {@code hessian2-time} can work in this class path, decided once when Dubbo first loads one of our
 * extensions. When it cannot, our extensions step aside: the serialization class refuses to load, which Dubbo's
 * extension loader treats as "no such extension" (silently), so this application neither advertises nor picks
 * {@code hessian2-time} and keeps talking {@code hessian2}. This is the only place the outcome is logged, once:
 *
 * <ul>
 *   <li>Dubbo 3.2 / 3.3 where it works: one INFO line, {@value #AVAILABLE}...;</li>
 *   <li>Dubbo 3.2 / 3.3 where our codecs or hessian-lite do not link or do not round-trip a value: not offered, one
 *       warning naming the cause;</li>
 *   <li>Dubbo 2.7 (no scope models, no {@code prefer-serialization}): not offered, nothing logged, because with the
 *       jar 2.7 must behave exactly as without it.</li>
 * </ul>
 * The state is a fact about the class path, not configuration: it cannot change while the class is loaded.
 */
final class Hessian2TimeSupport {
    // No hessian-lite type appears in this class (the probe is a class of its own), so that it links, and the
    // check can report the problem, even on a class path without hessian-lite.

    /** How the INFO line of a healthy start begins. */
    static final String AVAILABLE = "hessian2-time is available";

    /** Why hessian2-time is not offered, or {@code null} when it is. */
    static final String UNAVAILABLE;

    static {
        UNAVAILABLE = check();
    }

    private Hessian2TimeSupport() {
    }

    private static String check() {
        if (!present("org.apache.dubbo.rpc.model.ScopeModelInitializer")) {
            return "Dubbo before 3.2 has no prefer-serialization negotiation; hessian2-time needs Dubbo 3.2 or later";
        }
        try {
            Hessian2TimeProbe.roundTripOneValue();
            LoggerFactory.getLogger(Hessian2TimeSupport.class).info(AVAILABLE + " (serialization id "
                    + Hessian2TimeSerialization.CONTENT_TYPE_ID + "): this application reads and writes it; providers "
                    + "offer it with prefer-serialization=hessian2-time,hessian2 on the dubbo protocol; the QoS command "
                    + "hessian2Time shows who uses it");
            return null;
        } catch (Exception | LinkageError e) {
            String reason = "hessian2-time cannot initialise (" + e + "); this application does not offer it and "
                    + "keeps using hessian2 with every peer";
            LoggerFactory.getLogger(Hessian2TimeSupport.class).warn(reason, e);
            return reason;
        }
    }

    /**
     * Throws where hessian2-time does not exist: called from the static initializer of an extension, it makes the
     * class refuse to load, which Dubbo's extension loader takes as "no such extension".
     */
    static void requireAvailable() {
        if (UNAVAILABLE != null) {
            throw new IllegalStateException(UNAVAILABLE);
        }
    }

    /** Whether {@code className} can be loaded from the class path that loaded hessian-time. */
    static boolean present(String className) {
        try {
            Class.forName(className, false, Hessian2TimeSupport.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
