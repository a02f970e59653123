package io.github.hessiantime.demo.launcher;

import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.util.Map;
import java.util.TreeMap;

/** Names for the serialization ids seen on the wire, from the serializations Dubbo has in this JVM. */
final class SerializationNames {
    private static final Map<Integer, String> NAMES = new TreeMap<>();

    static {
        var loader = FrameworkModel.defaultModel().getExtensionLoader(Serialization.class);
        for (String name : loader.getSupportedExtensions()) {
            try {
                NAMES.putIfAbsent((int) loader.getExtension(name).getContentTypeId(), name);
            } catch (RuntimeException | LinkageError unavailable) {
                // an extension whose library is missing cannot have been on the wire either
            }
        }
    }

    static String of(int serializationId) {
        return NAMES.getOrDefault(serializationId, "id " + serializationId);
    }
}
