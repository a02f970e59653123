package io.github.hessiantime.bench.rpc;

import io.github.hessiantime.dubbo.TripleCallFormats;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Provider-side filter counting each echo call by the format its request arrived in, so the report states which
 * format was actually negotiated instead of assuming it: over {@code dubbo} the serialization id of the request
 * header, over Triple the serialization named in the request wrapper, which hessian-time's provider reads and leaves
 * in the invocation as the call reaches the service, after the filters ({@link TripleCallFormats#TRIPLE_SERIALIZATION_KEY},
 * the Serialization extension name: {@code hessian2} where the wire says {@code hessian4}): read once the call
 * returned.
 */
public class SerializationCountingFilter implements Filter {

    /** Dubbo puts the request header's serialization id into the decoded invocation under this key. */
    private static final String SERIALIZATION_ID_KEY = "serialization_id";

    private static final Map<String, LongAdder> COUNTS = new ConcurrentHashMap<>();

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        Result result = invoker.invoke(invocation);
        if (invocation.getMethodName().startsWith("echo")) {
            Object id = invocation.get(SERIALIZATION_ID_KEY);
            Object tripleName = invocation.get(TripleCallFormats.TRIPLE_SERIALIZATION_KEY);
            String key = invoker.getUrl().getGroup() + " " + (id != null ? nameOf(id)
                    : tripleName != null ? tripleName : "unknown");
            COUNTS.computeIfAbsent(key, k -> new LongAdder()).increment();
        }
        return result;
    }

    static Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        COUNTS.forEach((key, count) -> out.put(key, count.sum()));
        return out;
    }

    private static String nameOf(Object id) {
        if (!(id instanceof Byte)) {
            return "unknown(" + id + ")";
        }
        var loader = FrameworkModel.defaultModel().getExtensionLoader(Serialization.class);
        for (String name : loader.getSupportedExtensions()) {
            try {
                if (loader.getExtension(name).getContentTypeId() == (Byte) id) {
                    return name;
                }
            } catch (RuntimeException | LinkageError ignored) {
                // An extension whose optional dependencies are missing cannot be the one in use.
            }
        }
        return "id" + id;
    }
}
