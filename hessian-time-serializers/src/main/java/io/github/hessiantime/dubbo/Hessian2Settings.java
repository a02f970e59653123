package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.ClassFactory;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;

/**
 * The settings Dubbo's own {@code Hessian2FactoryManager} (3.2 and 3.3) gives every {@code hessian2}
 * {@code SerializerFactory}, read from the same Dubbo properties at the same moment (when a class loader's factory
 * is created) and applied the same way to {@code hessian2-time}'s factories, so both serializations give the same
 * verdict on every class whatever the operator configured:
 * <ul>
 *   <li>{@code dubbo.application.hessian2.whitelist=true}: hessian-lite's class factory in allowlist mode, allowing
 *       the {@code ;}-separated patterns of {@code dubbo.application.hessian2.allow}, which are also registered as
 *       always allowed with Dubbo's {@code SerializeSecurityManager}; the check status becomes {@code STRICT};</li>
 *   <li>{@code dubbo.application.hessian2.whitelist} set to anything else: blocklist mode, denying the patterns of
 *       {@code dubbo.application.hessian2.deny}, which are also registered as disallowed;</li>
 *   <li>{@code dubbo.hessian.allowNonSerializable} (default false);</li>
 *   <li>{@code org.apache.dubbo.*} allowed by the class factory.</li>
 * </ul>
 * {@code serialize-check-status} (STRICT / WARN / DISABLE), {@code check-serializable} and the
 * {@code security/serialize.allowlist} / {@code serialize.blockedlist} files are applied by Dubbo's
 * {@code DefaultSerializeClassChecker}, the framework's one, which every hessian2-time factory checks classes with,
 * as hessian2's do. Dubbo reads these properties as JVM system properties; so does this class, and only these.
 */
final class Hessian2Settings {

    static final String WHITELIST = "dubbo.application.hessian2.whitelist";
    static final String ALLOW = "dubbo.application.hessian2.allow";
    static final String DENY = "dubbo.application.hessian2.deny";
    static final String ALLOW_NON_SERIALIZABLE = "dubbo.hessian.allowNonSerializable";

    private Hessian2Settings() {
    }

    /** Applies to {@code factory} what Dubbo applies to a new hessian2 factory, registering the same patterns. */
    static void apply(SerializerFactory factory, SerializeSecurityManager security) {
        ClassFactory classes = factory.getClassFactory();
        String whitelist = System.getProperty(WHITELIST);
        if (whitelist != null && !whitelist.isEmpty()) {
            if ("true".equals(whitelist)) {
                classes.setWhitelist(true);
                for (String pattern : patterns(ALLOW)) {
                    classes.allow(pattern);
                    security.addToAlwaysAllowed(pattern);
                }
                security.setCheckStatus(SerializeCheckStatus.STRICT);
            } else {
                classes.setWhitelist(false);
                for (String pattern : patterns(DENY)) {
                    classes.deny(pattern);
                    security.addToDisAllowed(pattern);
                }
            }
        }
        factory.setAllowNonSerializable(Boolean.parseBoolean(System.getProperty(ALLOW_NON_SERIALIZABLE, "false")));
        classes.allow("org.apache.dubbo.*");
    }

    // Dubbo splits on ';' and keeps every piece as it is
    private static String[] patterns(String key) {
        String value = System.getProperty(key);
        return value == null || value.isEmpty() ? new String[0] : value.split(";");
    }
}
