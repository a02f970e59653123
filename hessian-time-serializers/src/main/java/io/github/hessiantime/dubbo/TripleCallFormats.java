package io.github.hessiantime.dubbo;

import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.RpcContext;

import java.util.Map;
import java.util.WeakHashMap;

/**
 * The serialization each Triple call arrived in, on a provider, from its request to its response (one per framework,
 * a bean of its {@code FrameworkModel}; not API).
 *
 * <p>Dubbo answers a wrapper-mode Triple call in the format held by a field of the method's packable method, which
 * every request of that method overwrites: under concurrent calls in two formats a response can leave in another
 * call's format (and Dubbo reads the field twice, so even its label can disagree with its bytes). A packable method
 * sees no call object, only bytes in and a value out, so the format is carried by the one object that travels from
 * the request to the response: the argument array. The request unpacker records the array it returns (Dubbo sets
 * that very array on the call's invocation); the response packer finds the invocation of the call it answers and
 * looks its arguments up:
 * <ul>
 *   <li>when the answer completes on another thread (an asynchronous method), Dubbo restores the call's service
 *       context there first, and with it the invocation ({@code RpcServiceContext.getInvocation()}, set by Dubbo's
 *       {@code ContextFilter});</li>
 *   <li>when it completes in the invoking thread, Dubbo's {@code ContextFilter} has already removed that context,
 *       so the invocation is the one this thread last started ({@link #answering}, called by the exported invoker
 *       for every call, in the thread that then answers it).</li>
 * </ul>
 * Keys are compared by identity, held weakly and removed once answered: a call that never gets a response leaves
 * nothing behind, and an invocation left over in a thread finds nothing.
 */
public final class TripleCallFormats {

    /**
     * The invocation attribute (not an attachment: it never leaves the JVM) that holds, on a provider, the
     * Serialization extension name a unary Triple call's request arrived in ({@code hessian2-time}, {@code hessian2},
     * {@code fastjson2}, ...): the Triple counterpart of Dubbo's {@code serialization_id} on the dubbo protocol. Set
     * by the service's exported invoker as the call reaches it, after the filters: a provider filter reads it once
     * {@code invoker.invoke(invocation)} has returned, the service method while it runs. Absent for streaming,
     * generic and echo calls, whose format Dubbo reads alone.
     */
    public static final String TRIPLE_SERIALIZATION_KEY = "hessian2-time.triple-serialization";

    // Triple's wire name for the hessian2 extension (Dubbo 3.2 and 3.3 map it both ways, and no other name)
    private static final String HESSIAN2_ON_THE_WIRE = "hessian4";
    private static final String HESSIAN2 = "hessian2";

    // Object[] does not override equals/hashCode, so this is an identity map with weak keys
    private final Map<Object[], String> formats = new WeakHashMap<>();
    // the invocation each provider thread last started: a thread that answers in place answers that one
    private final ThreadLocal<Invocation> started = new ThreadLocal<>();

    /** Records that the call whose arguments are {@code arguments} arrived in {@code serializeType} (wire name). */
    void received(Object[] arguments, String serializeType) {
        synchronized (formats) {
            formats.put(arguments, serializeType);
        }
    }

    /** Called by the exported Triple invoker as a call starts, in the thread that runs it. */
    void answering(Invocation invocation) {
        started.set(invocation);
    }

    /**
     * The wire name of the serialization of {@code invocation}'s request ({@code hessian2-time}, {@code hessian4}
     * for hessian2, {@code fastjson2}, ...), or {@code null} when the call did not arrive through hessian-time's
     * packable method (stub, streaming or generic methods, another protocol). Read by the exported invoker of
     * {@link Hessian2TimeProtocolWrapper}, which counts the call and sets {@link #TRIPLE_SERIALIZATION_KEY}.
     */
    String requestSerialization(Invocation invocation) {
        Object[] arguments = invocation == null ? null : invocation.getArguments();
        if (arguments == null) {
            return null;
        }
        synchronized (formats) {
            return formats.get(arguments);
        }
    }

    /**
     * The Serialization extension name of a Triple wire name ({@code hessian4} is {@code hessian2}, as Dubbo maps
     * it); {@code null} for {@code null} or an empty name.
     */
    static String serializationOf(String wireName) {
        if (wireName == null || wireName.isEmpty()) {
            return null;
        }
        return HESSIAN2_ON_THE_WIRE.equals(wireName) ? HESSIAN2 : wireName;
    }

    /**
     * The serialization of the request that the response being packed on this thread answers, forgotten once
     * taken; {@code null} when unknown (the packer then leaves the response to Dubbo).
     */
    String takeForCurrentResponse() {
        Invocation started = this.started.get();
        this.started.remove();
        String format = take(RpcContext.getServiceContext().getInvocation());
        return format != null ? format : take(started);
    }

    private String take(Invocation invocation) {
        Object[] arguments = invocation == null ? null : invocation.getArguments();
        if (arguments == null) {
            return null;
        }
        synchronized (formats) {
            return formats.remove(arguments);
        }
    }
}
