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
 * Counts each dubbo-protocol call per serialization, for {@link SerializationStatus}: on a provider the id Dubbo
 * decoded the request with, on a consumer the id Dubbo encoded it with. Dubbo stores both in the invocation
 * ({@code serialization_id}: the provider's decoder when it reads a request, the consumer's invoker when it prepares
 * one), so counting reads one attribute and touches nothing else. Calls over other protocols pass untouched; their
 * own path reports them ({@link SerializationStatus#callReceived}, {@link SerializationStatus#callSent}).
 *
 * <p>Refuses to load where hessian2-time does not exist (Dubbo 2.7, a broken class path), like every extension of the
 * jar ({@link Hessian2TimeSupport}): Dubbo then has no such filter.
 */
@Activate(group = {CommonConstants.PROVIDER, CommonConstants.CONSUMER}, order = Integer.MIN_VALUE + 1)
public class SerializationCallsFilter implements Filter {

    static {
        Hessian2TimeSupport.requireAvailable();
    }

    // org.apache.dubbo.rpc.Constants.SERIALIZATION_ID_KEY, a Byte attribute of the invocation in Dubbo 3.2 and 3.3
    private static final String SERIALIZATION_ID_KEY = "serialization_id";

    private final SerializationStatus status;

    public SerializationCallsFilter(FrameworkModel framework) {
        this.status = framework.getBeanFactory().getBean(SerializationStatus.class);
    }

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        URL url = invoker.getUrl();
        if (status == null || url == null || !SerializationStatus.DUBBO.equals(url.getProtocol())) {
            return invoker.invoke(invocation);
        }
        if (CommonConstants.PROVIDER_SIDE.equals(url.getSide())) {
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
}
