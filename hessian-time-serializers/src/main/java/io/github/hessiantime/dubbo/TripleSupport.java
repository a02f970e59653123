package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.logger.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Whether {@code hessian2-time} can travel over Triple in this class path, decided once. Carrying it needs Dubbo
 * internals that are not API (the packable-method SPI of Triple's wrapper mode, the overriding instance URL of
 * application-level discovery, Dubbo's per-service serialization permits, the invocation in the service context);
 * each member used is looked up here by name and signature. If one is missing or has another shape (Dubbo 2.7 has
 * none of them; a future Dubbo may change one), Triple support steps aside with one warning: Triple keeps stock
 * serializations, {@code hessian2-time} is offered on the {@code dubbo} protocol only, and no Triple-readable URL
 * ever lists it first. {@code TripleLinkageTest} fails when one of these members changes.
 */
final class TripleSupport {

    /** Why hessian2-time does not travel over Triple, or {@code null} when it does. */
    static final String UNAVAILABLE;

    /** The members relied on: class name, then method name and parameter types ({@code <init>}: a constructor). */
    private static final String MODEL = "org.apache.dubbo.rpc.model.";
    private static final String URL = "org.apache.dubbo.common.URL";
    private static final String INSTANCE_URL = "org.apache.dubbo.registry.client.InstanceAddressURL";
    private static final List<List<String>> MEMBERS = Collections.unmodifiableList(Arrays.asList(
            Arrays.asList(MODEL + "PackableMethodFactory", "create", MODEL + "MethodDescriptor", URL,
                    "java.lang.String"),
            Arrays.asList(MODEL + "PackableMethod", "getRequestPack"),
            Arrays.asList(MODEL + "PackableMethod", "getResponsePack"),
            Arrays.asList(MODEL + "PackableMethod", "getRequestUnpack"),
            Arrays.asList(MODEL + "PackableMethod", "getResponseUnpack"),
            Arrays.asList(MODEL + "PackableMethod", "needWrapper"),
            Arrays.asList(MODEL + "PackableMethod", "parseResponse", "[B", "boolean"),
            Arrays.asList(MODEL + "Pack", "pack", "java.lang.Object"),
            Arrays.asList(MODEL + "WrapperUnPack", "unpack", "[B", "boolean"),
            Arrays.asList(MODEL + "MethodDescriptor", "getRpcType"),
            Arrays.asList(MODEL + "MethodDescriptor", "getParameterClasses"),
            Arrays.asList(MODEL + "MethodDescriptor", "getReturnTypes"),
            Arrays.asList(MODEL + "MethodDescriptor", "getMethod"),
            Arrays.asList(MODEL + "ServiceModel", "getServiceModel"),
            Arrays.asList(MODEL + "ServiceModel", "getConfig"),
            Arrays.asList(MODEL + "ServiceDescriptor", "getAllMethods"),
            Arrays.asList("org.apache.dubbo.common.serialize.MultipleSerialization", "serialize", URL,
                    "java.lang.String", "java.lang.Class", "java.lang.Object", "java.io.OutputStream"),
            Arrays.asList("org.apache.dubbo.rpc.RpcContext", "getServiceContext"),
            Arrays.asList("org.apache.dubbo.rpc.RpcServiceContext", "getInvocation"),
            Arrays.asList("org.apache.dubbo.rpc.protocol.PermittedSerializationKeeper", "registerService", URL),
            Arrays.asList("org.apache.dubbo.rpc.protocol.InvokerWrapper", "<init>", "org.apache.dubbo.rpc.Invoker",
                    URL),
            Arrays.asList("org.apache.dubbo.registry.client.OverrideInstanceAddressURL", "<init>", INSTANCE_URL),
            Arrays.asList(INSTANCE_URL, "getMetadataInfo"),
            Arrays.asList("org.apache.dubbo.metadata.MetadataInfo", "getServices"),
            Arrays.asList("org.apache.dubbo.metadata.MetadataInfo$ServiceInfo", "getParameter", "java.lang.String"),
            Arrays.asList("org.apache.dubbo.config.AbstractServiceConfig", "getProtocols"),
            Arrays.asList("org.apache.dubbo.config.ProtocolConfig", "getExtProtocol")));

    static {
        UNAVAILABLE = check();
    }

    private TripleSupport() {
    }

    private static String check() {
        if (Hessian2TimeSupport.UNAVAILABLE != null) {
            // Dubbo 2.7, or hessian2-time itself cannot work: already said once (or, on 2.7, deliberately not)
            return Hessian2TimeSupport.UNAVAILABLE;
        }
        List<String> missing = missingMembers(TripleSupport.class.getClassLoader());
        if (missing.isEmpty()) {
            return null;
        }
        String reason = "hessian2-time does not travel over Triple with this Dubbo: " + missing + " not found. "
                + "Triple keeps Dubbo's own serializations, and hessian2-time is offered on the dubbo protocol only";
        LoggerFactory.getLogger(TripleSupport.class).warn(reason);
        return reason;
    }

    /** The members of {@link #MEMBERS} that {@code loader} lacks, written {@code Class#member}. */
    static List<String> missingMembers(ClassLoader loader) {
        List<String> missing = new ArrayList<>();
        for (List<String> member : MEMBERS) {
            try {
                Class<?> owner = Class.forName(member.get(0), false, loader);
                Class<?>[] parameters = new Class<?>[member.size() - 2];
                for (int i = 2; i < member.size(); i++) {
                    parameters[i - 2] = type(member.get(i), loader);
                }
                if ("<init>".equals(member.get(1))) {
                    owner.getConstructor(parameters);
                } else {
                    owner.getMethod(member.get(1), parameters);
                }
            } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
                missing.add(member.get(0) + "#" + member.get(1));
            }
        }
        return missing;
    }

    private static Class<?> type(String name, ClassLoader loader) throws ClassNotFoundException {
        switch (name) {
            case "boolean":
                return boolean.class;
            case "[B":
                return byte[].class;
            default:
                return Class.forName(name, false, loader);
        }
    }
}
