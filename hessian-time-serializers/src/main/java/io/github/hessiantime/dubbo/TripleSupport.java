package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.logger.LoggerFactory;

import java.util.ArrayList;
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
    private static final String[][] MEMBERS = {
        {"org.apache.dubbo.rpc.model.PackableMethodFactory", "create", "org.apache.dubbo.rpc.model.MethodDescriptor",
            "org.apache.dubbo.common.URL", "java.lang.String"},
        {"org.apache.dubbo.rpc.model.PackableMethod", "getRequestPack"},
        {"org.apache.dubbo.rpc.model.PackableMethod", "getResponsePack"},
        {"org.apache.dubbo.rpc.model.PackableMethod", "getRequestUnpack"},
        {"org.apache.dubbo.rpc.model.PackableMethod", "getResponseUnpack"},
        {"org.apache.dubbo.rpc.model.PackableMethod", "needWrapper"},
        {"org.apache.dubbo.rpc.model.PackableMethod", "parseResponse", "[B", "boolean"},
        {"org.apache.dubbo.rpc.model.Pack", "pack", "java.lang.Object"},
        {"org.apache.dubbo.rpc.model.WrapperUnPack", "unpack", "[B", "boolean"},
        {"org.apache.dubbo.rpc.model.MethodDescriptor", "getRpcType"},
        {"org.apache.dubbo.rpc.model.MethodDescriptor", "getParameterClasses"},
        {"org.apache.dubbo.rpc.model.MethodDescriptor", "getReturnTypes"},
        {"org.apache.dubbo.rpc.model.MethodDescriptor", "getMethod"},
        {"org.apache.dubbo.rpc.model.ServiceModel", "getServiceModel"},
        {"org.apache.dubbo.rpc.model.ServiceModel", "getConfig"},
        {"org.apache.dubbo.rpc.model.ServiceDescriptor", "getAllMethods"},
        {"org.apache.dubbo.common.serialize.MultipleSerialization", "serialize", "org.apache.dubbo.common.URL",
            "java.lang.String", "java.lang.Class", "java.lang.Object", "java.io.OutputStream"},
        {"org.apache.dubbo.rpc.RpcServiceContext", "getInvocation"},
        {"org.apache.dubbo.rpc.protocol.PermittedSerializationKeeper", "registerService",
            "org.apache.dubbo.common.URL"},
        {"org.apache.dubbo.rpc.protocol.InvokerWrapper", "<init>", "org.apache.dubbo.rpc.Invoker",
            "org.apache.dubbo.common.URL"},
        {"org.apache.dubbo.registry.client.OverrideInstanceAddressURL", "<init>",
            "org.apache.dubbo.registry.client.InstanceAddressURL"},
        {"org.apache.dubbo.registry.client.InstanceAddressURL", "getMetadataInfo"},
        {"org.apache.dubbo.metadata.MetadataInfo", "getServices"},
        {"org.apache.dubbo.metadata.MetadataInfo$ServiceInfo", "getName"},
        {"org.apache.dubbo.metadata.MetadataInfo$ServiceInfo", "getParameter", "java.lang.String"},
        {"org.apache.dubbo.config.AbstractServiceConfig", "getProtocols"},
        {"org.apache.dubbo.config.ProtocolConfig", "getExtProtocol"},
    };

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
        for (String[] member : MEMBERS) {
            try {
                Class<?> owner = Class.forName(member[0], false, loader);
                Class<?>[] parameters = new Class<?>[member.length - 2];
                for (int i = 2; i < member.length; i++) {
                    parameters[i - 2] = type(member[i], loader);
                }
                if ("<init>".equals(member[1])) {
                    owner.getConstructor(parameters);
                } else {
                    owner.getMethod(member[1], parameters);
                }
            } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
                missing.add(member[0] + "#" + member[1]);
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
