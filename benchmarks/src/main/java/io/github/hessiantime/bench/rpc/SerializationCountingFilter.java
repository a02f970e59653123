package io.github.hessiantime.bench.rpc;

import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Provider-side filter counting each echo call by the format its request arrived in, so the report states which
 * format was actually negotiated instead of assuming it: over {@code dubbo} the serialization id of the request
 * header, over Triple the serialization name of the request wrapper as hessian-time's provider recorded it (the
 * name on the wire: {@code hessian4} is hessian2).
 */
public class SerializationCountingFilter implements Filter {

    /** Dubbo puts the request header's serialization id into the decoded invocation under this key. */
    private static final String SERIALIZATION_ID_KEY = "serialization_id";
    /**
     * hessian-time's record of each Triple call's format: not API, so read by reflection (a benchmark-only view of
     * it; {@code requestSerialization(Invocation)} is package-private).
     */
    private static final Method TRIPLE_FORMAT = tripleFormatAccessor();

    private static final Map<String, LongAdder> COUNTS = new ConcurrentHashMap<>();

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        if (invocation.getMethodName().startsWith("echo")) {
            Object id = invocation.get(SERIALIZATION_ID_KEY);
            String key = invoker.getUrl().getGroup() + " " + (id == null ? tripleNameOf(invocation) : nameOf(id));
            COUNTS.computeIfAbsent(key, k -> new LongAdder()).increment();
        }
        return invoker.invoke(invocation);
    }

    static Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        COUNTS.forEach((key, count) -> out.put(key, count.sum()));
        return out;
    }

    private static Method tripleFormatAccessor() {
        try {
            Method method = Class.forName("io.github.hessiantime.dubbo.TripleCallFormats")
                    .getDeclaredMethod("requestSerialization", Invocation.class);
            method.setAccessible(true);
            return method;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("hessian-time's TripleCallFormats changed", e);
        }
    }

    private static String tripleNameOf(Invocation invocation) {
        try {
            Object formats = FrameworkModel.defaultModel().getBeanFactory()
                    .getBean(TRIPLE_FORMAT.getDeclaringClass());
            Object name = formats == null ? null : TRIPLE_FORMAT.invoke(formats, invocation);
            return name == null ? "unknown" : (String) name;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
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
