package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.metadata.MetadataInfo;
import org.apache.dubbo.registry.client.InstanceAddressURL;
import org.apache.dubbo.registry.client.OverrideInstanceAddressURL;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.protocol.InvokerWrapper;

/**
 * A {@code dubbo} reference of a consumer with the jar to a provider whose URL carries hessian-time's marker (see
 * {@link TripleAdvertisement}): the invoker Dubbo negotiates with sees the provider's whole prefer list again, so
 * Dubbo's own negotiation ({@code UrlUtils.serializationId}, per call) picks id 26 exactly as it would had the list
 * stayed in {@code prefer.serialization}. Only loaded when Triple support is on ({@link TripleSupport}).
 */
final class NegotiatingReference {

    private NegotiatingReference() {
    }

    static <T> Invoker<T> refer(Protocol protocol, Class<T> type, URL url) {
        if (url instanceof InstanceAddressURL) {
            // Application-level discovery: the parameters are looked up per call in the instance's metadata (which
            // service entry depends on the calling thread's context), and the directory keeps comparing the
            // invoker's URL with the instance URLs it gets. So the invoker gets a view that resolves the list at
            // each call, and the directory keeps seeing the URL it gave.
            InstanceAddressURL instance = (InstanceAddressURL) url;
            if (!anyServiceCarriesTheMarker(instance)) {
                return protocol.refer(type, url);
            }
            return new InvokerWrapper<>(protocol.refer(type, new NegotiatingInstanceUrl(instance)), url);
        }
        String negotiated = TripleAdvertisement.negotiated(url);
        if (negotiated == null || negotiated.equals(url.getParameter(TripleAdvertisement.PREFER_KEY))) {
            return protocol.refer(type, url);
        }
        return protocol.refer(type, url.addParameter(TripleAdvertisement.PREFER_KEY, negotiated));
    }

    private static boolean anyServiceCarriesTheMarker(InstanceAddressURL instance) {
        MetadataInfo metadata = instance.getMetadataInfo();
        if (metadata == null || metadata.getServices() == null) {
            return false;
        }
        for (MetadataInfo.ServiceInfo service : metadata.getServices().values()) {
            if (service.getParameter(TripleAdvertisement.MARKER_KEY) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * An instance URL whose {@code prefer.serialization} is the negotiated list; every other lookup is the
     * instance's own. Built on Dubbo's overriding instance URL, the type Dubbo itself gives an invoker when
     * configurators override a provider's parameters.
     */
    static final class NegotiatingInstanceUrl extends OverrideInstanceAddressURL {
        private static final long serialVersionUID = 1L;

        NegotiatingInstanceUrl(InstanceAddressURL instance) {
            super(instance);
        }

        @Override
        public String getParameter(String key) {
            if (TripleAdvertisement.PREFER_KEY.equals(key)) {
                String prefer = super.getParameter(key);
                String marker = super.getParameter(TripleAdvertisement.MARKER_KEY);
                if (marker != null) {
                    return TripleAdvertisement.negotiated(prefer, marker);
                }
                return prefer;
            }
            return super.getParameter(key);
        }
    }
}
