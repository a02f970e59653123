package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Counts each call per serialization where the filter chain sees it, for {@link SerializationStatus}:
 * <ul>
 *   <li>dubbo protocol: on a provider the id Dubbo decoded the request with, on a consumer the id Dubbo encoded it
 *       with. Dubbo stores both in the invocation ({@code serialization_id}: the provider's decoder when it reads a
 *       request, the consumer's invoker when it prepares one), so counting reads one attribute;</li>
 *   <li>Triple, on a provider: the serialization hessian-time's packable method read a unary wrapper-mode request in
 *       ({@link TripleCallFormats#requestSerialization}), also left in the invocation for the filters after this one
 *       ({@value #TRIPLE_SERIALIZATION_KEY}). Other Triple calls (streaming, generic, echo, protobuf) are read by
 *       Dubbo alone, which keeps their format nowhere a call can see: they are not counted.</li>
 * </ul>
 * A consumer's Triple calls are counted where they are packed ({@link Hessian2TimePackableMethod}), other protocols
 * not at all. Besides that one attribute, nothing is touched.
 *
 * <p>Refuses to load where hessian2-time does not exist (Dubbo 2.7, a broken class path), like every extension of the
 * jar ({@link Hessian2TimeSupport}): Dubbo then has no such filter.
 */
@Activate(group = {CommonConstants.PROVIDER, CommonConstants.CONSUMER}, order = Integer.MIN_VALUE + 1)
public class SerializationCallsFilter implements Filter {

    static {
        Hessian2TimeSupport.requireAvailable();
    }

    /**
     * The invocation attribute (not an attachment: it never leaves the JVM) that holds, on a provider, the
     * Serialization extension name a Triple call's request arrived in ({@code hessian2-time}, {@code hessian2},
     * {@code fastjson2}, ...), for provider filters that run after this one: the Triple counterpart of Dubbo's
     * {@code serialization_id} on the dubbo protocol. Absent where the format is not known (see above).
     */
    public static final String TRIPLE_SERIALIZATION_KEY = "hessian2-time.triple-serialization";

    // org.apache.dubbo.rpc.Constants.SERIALIZATION_ID_KEY, a Byte attribute of the invocation in Dubbo 3.2 and 3.3
    private static final String SERIALIZATION_ID_KEY = "serialization_id";

    private final SerializationStatus status;
    private final TripleCallFormats tripleCalls;

    public SerializationCallsFilter(FrameworkModel framework) {
        this.status = framework.getBeanFactory().getBean(SerializationStatus.class);
        this.tripleCalls = TripleSupport.UNAVAILABLE == null
                ? framework.getBeanFactory().getOrRegisterBean(TripleCallFormats.class) : null;
    }

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        URL url = invoker.getUrl();
        if (status == null || url == null) {
            return invoker.invoke(invocation);
        }
        boolean provider = CommonConstants.PROVIDER_SIDE.equals(url.getSide());
        if (!SerializationStatus.DUBBO.equals(url.getProtocol())) {
            if (provider && tripleCalls != null && TripleAdvertisement.carriesTripleCalls(url)) {
                countTripleRequest(url, invocation);
            }
            return invoker.invoke(invocation);
        }
        if (provider) {
            count(SerializationStatus.Side.PROVIDER, url, invocation);
            return invoker.invoke(invocation);
        }
        try {
            return invoker.invoke(invocation);
        } finally {
            // attached while the invoker prepared the request, before it was encoded
            count(SerializationStatus.Side.CONSUMER, url, invocation);
        }
    }

    private void count(SerializationStatus.Side side, URL url, Invocation invocation) {
        Object id = invocation.get(SERIALIZATION_ID_KEY);
        if (id instanceof Byte) {
            status.count(side, url, (Byte) id);
        }
    }

    private void countTripleRequest(URL url, Invocation invocation) {
        String serialization = TripleCallFormats.serializationOf(tripleCalls.requestSerialization(invocation));
        if (serialization != null) {
            invocation.put(TRIPLE_SERIALIZATION_KEY, serialization);
            status.callReceived(url, serialization);
        }
    }
}
