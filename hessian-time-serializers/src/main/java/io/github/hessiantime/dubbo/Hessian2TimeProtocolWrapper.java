package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.Wrapper;
import org.apache.dubbo.common.utils.UrlUtils;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.protocol.InvokerWrapper;

import java.util.List;

/**
 * A {@code Protocol} wrapper (Dubbo wraps every protocol with it, outermost) that makes what a provider advertises
 * safe for every consumer, lets consumers with the jar read it back (see {@link TripleAdvertisement}), and tells
 * {@link SerializationStatus} what this application exports, refers to and calls:
 * <ul>
 *   <li>export: the service URL a provider exports and registers, directly or through a registry (whose URL carries
 *       the service URL as its {@code export} attribute), never lists {@code hessian2-time} first where a consumer
 *       may read it for Triple; the offer moves to hessian-time's marker parameter. The service's own export (not
 *       the registry's) is reported with its final URL, and its invoker counts each call it runs;</li>
 *   <li>refer: a {@code dubbo} reference to a provider URL with the marker negotiates over the provider's whole list
 *       ({@link NegotiatingReference}), so a consumer with the jar still sends id 26. Each provider a reference calls
 *       is reported, and its dubbo-protocol calls are counted.</li>
 * </ul>
 * Counting needs no {@code Filter} (a file name that Dubbo extensions such as Sentinel's adapter ship too): on the
 * dubbo protocol Dubbo leaves the serialization id of each call in its invocation ({@code serialization_id}: the
 * provider's decoder when it reads a request, the consumer's invoker when it prepares one); a provider's unary Triple
 * calls are known to hessian-time's packable method ({@link TripleCallFormats}); a consumer's Triple calls are counted
 * where they are packed ({@link Hessian2TimePackableMethod}). Streaming, generic and echo calls over Triple are read
 * by Dubbo alone and not counted.
 *
 * <p>Refuses to load where hessian2-time does not exist (Dubbo 2.7, a broken class path), see
 * {@link Hessian2TimeSupport}: Dubbo then uses its protocols unwrapped, exactly as without the jar. Where only Triple
 * support is off ({@link TripleSupport}), exports are still made safe, without the marker, and references are passed
 * on unchanged.
 */
@Wrapper(order = Integer.MIN_VALUE) // outside every wrapper of Dubbo (the lowest of theirs is MIN_VALUE + 1000)
public class Hessian2TimeProtocolWrapper implements Protocol {

    static {
        Hessian2TimeSupport.requireAvailable();
    }

    // the attribute of a registry URL that holds the service URL to export (RegistryProtocol's EXPORT_KEY)
    private static final String EXPORT_KEY = "export";
    // org.apache.dubbo.rpc.Constants.SERIALIZATION_ID_KEY, a Byte attribute of the invocation in Dubbo 3.2 and 3.3
    private static final String SERIALIZATION_ID_KEY = "serialization_id";

    private final Protocol protocol;

    public Hessian2TimeProtocolWrapper(Protocol protocol) {
        this.protocol = protocol;
    }

    @Override
    public int getDefaultPort() {
        return protocol.getDefaultPort();
    }

    @Override
    public <T> Exporter<T> export(Invoker<T> invoker) throws RpcException {
        URL url = invoker.getUrl();
        Object exported = url.getAttribute(EXPORT_KEY);
        URL fixed;
        if (exported instanceof URL) {
            URL service = (URL) exported;
            URL fixedService = advertisement(url).advertise(service);
            fixed = fixedService == service ? url : url.putAttribute(EXPORT_KEY, fixedService);
        } else {
            fixed = advertisement(url).advertise(url);
        }
        if (UrlUtils.isRegistry(fixed)) {
            // the registry's export: it exports the service URL through this wrapper again, and that is reported
            return protocol.export(fixed == url ? invoker : new InvokerWrapper<>(invoker, fixed));
        }
        SerializationStatus status = status(fixed);
        TripleCallFormats tripleCalls = TripleSupport.UNAVAILABLE == null
                && TripleAdvertisement.carriesTripleCalls(fixed)
                ? fixed.getOrDefaultFrameworkModel().getBeanFactory().getOrRegisterBean(TripleCallFormats.class) : null;
        if (status == null && tripleCalls == null) {
            return protocol.export(fixed == url ? invoker : new InvokerWrapper<>(invoker, fixed));
        }
        Exporter<T> exporter = protocol.export(new ServiceInvoker<>(invoker, fixed, status, tripleCalls));
        if (status == null) {
            return exporter;
        }
        status.exported(fixed);
        return new ServiceExporter<>(exporter, fixed, status);
    }

    @Override
    public <T> Invoker<T> refer(Class<T> type, URL url) throws RpcException {
        Invoker<T> invoker = TripleSupport.UNAVAILABLE != null || !SerializationStatus.DUBBO.equals(url.getProtocol())
                ? protocol.refer(type, url) : NegotiatingReference.refer(protocol, type, url);
        SerializationStatus status = invoker == null || UrlUtils.isRegistry(url) ? null : status(url);
        if (status == null) {
            return invoker;
        }
        ProviderInvoker<T> provider = new ProviderInvoker<>(invoker, status);
        status.referred(provider.getUrl());
        return provider;
    }

    @Override
    public void destroy() {
        protocol.destroy();
    }

    @Override
    public List<ProtocolServer> getServers() {
        return protocol.getServers();
    }

    /** This framework's status, or {@code null} where it has none (registered by the scope model initializer). */
    private static SerializationStatus status(URL url) {
        return url.getOrDefaultFrameworkModel().getBeanFactory().getBean(SerializationStatus.class);
    }

    private static TripleAdvertisement advertisement(URL url) {
        return url.getOrDefaultFrameworkModel().getBeanFactory().getOrRegisterBean(TripleAdvertisement.class);
    }

    /**
     * The exported invoker of a service (innermost: Dubbo's filters run before it): counts each call in the format
     * its request arrived in, and for Triple tells {@link TripleCallFormats} which call the thread is running, so
     * that a response packed in that thread goes out in its own request's format.
     */
    private static final class ServiceInvoker<T> extends InvokerWrapper<T> {
        private final SerializationStatus status;
        private final TripleCallFormats tripleCalls;

        ServiceInvoker(Invoker<T> invoker, URL url, SerializationStatus status, TripleCallFormats tripleCalls) {
            super(invoker, url);
            this.status = status;
            this.tripleCalls = tripleCalls;
        }

        @Override
        public Result invoke(Invocation invocation) throws RpcException {
            URL url = getUrl();
            if (tripleCalls != null) {
                tripleCalls.answering(invocation);
                String serialization =
                        TripleCallFormats.serializationOf(tripleCalls.requestSerialization(invocation));
                if (serialization != null) {
                    invocation.put(TripleCallFormats.TRIPLE_SERIALIZATION_KEY, serialization);
                    if (status != null) {
                        status.callReceived(url, serialization);
                    }
                }
            } else if (status != null && SerializationStatus.DUBBO.equals(url.getProtocol())) {
                count(status, SerializationStatus.Side.PROVIDER, url, invocation);
            }
            return super.invoke(invocation);
        }
    }

    /** What a service's export returns: reports the unexport once Dubbo has unexported it. */
    private static final class ServiceExporter<T> implements Exporter<T> {
        private final Exporter<T> exporter;
        private final URL url;
        private final SerializationStatus status;

        ServiceExporter(Exporter<T> exporter, URL url, SerializationStatus status) {
            this.exporter = exporter;
            this.url = url;
            this.status = status;
        }

        @Override
        public Invoker<T> getInvoker() {
            return exporter.getInvoker();
        }

        @Override
        public void unexport() {
            try {
                exporter.unexport();
            } finally {
                status.unexported(url);
            }
        }

        @Override
        public void register() {
            exporter.register();
        }

        @Override
        public void unregister() {
            exporter.unregister();
        }
    }

    /**
     * A reference's invoker of one provider (outermost: Dubbo's filters run inside it): counts each dubbo-protocol
     * call in the serialization Dubbo encoded it with, and reports the invoker's destruction.
     */
    private static final class ProviderInvoker<T> extends InvokerWrapper<T> {
        private final SerializationStatus status;

        ProviderInvoker(Invoker<T> invoker, SerializationStatus status) {
            super(invoker, invoker.getUrl());
            this.status = status;
        }

        @Override
        public Result invoke(Invocation invocation) throws RpcException {
            URL url = getUrl();
            if (!SerializationStatus.DUBBO.equals(url.getProtocol())) {
                return super.invoke(invocation);
            }
            try {
                return super.invoke(invocation);
            } finally {
                // attached while the invoker prepared the request, before it was encoded
                count(status, SerializationStatus.Side.CONSUMER, url, invocation);
            }
        }

        @Override
        public void destroy() {
            try {
                super.destroy();
            } finally {
                status.destroyed(getUrl());
            }
        }
    }

    private static void count(SerializationStatus status, SerializationStatus.Side side, URL url,
                              Invocation invocation) {
        Object id = invocation.get(SERIALIZATION_ID_KEY);
        if (id instanceof Byte) {
            status.count(side, url, (Byte) id);
        }
    }
}
