package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.MultipleSerialization;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.MethodDescriptor;
import org.apache.dubbo.rpc.model.Pack;
import org.apache.dubbo.rpc.model.PackableMethod;
import org.apache.dubbo.rpc.model.UnPack;
import org.apache.dubbo.rpc.model.WrapperUnPack;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One unary wrapper-mode Triple method, around Dubbo's own packable method for it (see
 * {@link Hessian2TimePackableMethodFactory}). Dubbo uses one such object per method on both sides:
 *
 * <ul>
 *   <li>consumer: a request goes in {@code hessian2-time} when the provider's negotiated prefer list
 *       ({@link TripleAdvertisement#negotiated}) has it as the first name this consumer has (decided once per
 *       invoker and method, when Dubbo creates this object on the first call:
 *       {@link TripleAdvertisement#sendsHessian2Time}); otherwise Dubbo packs it. Each request is counted as a call
 *       sent in its format ({@link SerializationStatus}). A response in {@code hessian2-time} is read here, any other
 *       by Dubbo;</li>
 *   <li>provider: a request in {@code hessian2-time} is read here if this provider offers it for the method, any
 *       other by Dubbo (with Dubbo's check of the name against the URL's lists). The response goes out in the format
 *       of its own request ({@link TripleCallFormats}); in {@code hessian2-time}, or through Dubbo's
 *       {@code MultipleSerialization} exactly as Dubbo writes that format, so a method called in two formats at
 *       once never answers a call in the other's. Only when a call's format is unknown (a request that did not
 *       pass here) does Dubbo pack the response itself.</li>
 * </ul>
 * Each argument and the result are one stream each, as Dubbo writes them; hessian2-time's streams are made with the
 * URL Dubbo gave for the method, so they use that URL's framework (Dubbo's own path passes no URL and so uses the
 * default framework's).
 */
final class Hessian2TimePackableMethod implements PackableMethod {

    private static final String MULTIPLE_SERIALIZATION_KEY = "serialize.multiple";

    private final PackableMethod dubbos;
    private final MethodDescriptor method;
    private final URL url;
    private final Class<?>[] requestTypes;
    private final String[] requestTypeNames;
    private final Class<?> responseType;
    private final Serialization hessian2Time;
    private final MultipleSerialization otherFormats;
    private final TripleAdvertisement advertisement;
    private final TripleCallFormats callFormats;
    private final SerializationStatus status;
    private final boolean sendsHessian2Time;
    private final Pack requestPack = this::packAndCountRequest;
    private final Pack responsePack = this::packResponseInItsRequestFormat;
    private final UnPack requestUnpack = this::unpackRequest;
    private final WrapperUnPack responseUnpack = this::unpackResponse;

    Hessian2TimePackableMethod(PackableMethod dubbos, MethodDescriptor method, URL url) {
        this.dubbos = dubbos;
        this.method = method;
        this.url = url;
        this.requestTypes = method.getParameterClasses();
        this.requestTypeNames = new String[requestTypes.length];
        for (int i = 0; i < requestTypes.length; i++) {
            requestTypeNames[i] = requestTypes[i].getName();
        }
        this.responseType = (Class<?>) method.getReturnTypes()[0];
        FrameworkModel framework = url.getOrDefaultFrameworkModel();
        this.hessian2Time = framework.getExtensionLoader(Serialization.class)
                .getExtension(Hessian2TimeSerialization.NAME);
        this.otherFormats = framework.getExtensionLoader(MultipleSerialization.class)
                .getExtension(url.getParameter(MULTIPLE_SERIALIZATION_KEY, "default"));
        this.advertisement = framework.getBeanFactory().getOrRegisterBean(TripleAdvertisement.class);
        this.callFormats = framework.getBeanFactory().getOrRegisterBean(TripleCallFormats.class);
        this.status = framework.getBeanFactory().getBean(SerializationStatus.class);
        this.sendsHessian2Time = TripleAdvertisement.sendsHessian2Time(url, framework);
    }

    /**
     * Whether a method gets this packable method: unary and in wrapper mode, and not a generic or echo call (those
     * stay Dubbo's, so they are hessian2 over Triple from every consumer).
     */
    static boolean carries(MethodDescriptor method, PackableMethod dubbos) {
        if (!dubbos.needWrapper() || method.getRpcType() != MethodDescriptor.RpcType.UNARY || method.isGeneric()) {
            return false;
        }
        String name = method.getMethodName();
        return !"$invoke".equals(name) && !"$invokeAsync".equals(name) && !"$echo".equals(name);
    }

    /** Whether this consumer sends the method's requests in hessian2-time. */
    boolean sendsHessian2Time() {
        return sendsHessian2Time;
    }

    @Override
    public boolean needWrapper() {
        return true;
    }

    @Override
    public Pack getRequestPack() {
        return requestPack;
    }

    @Override
    public Pack getResponsePack() {
        return responsePack;
    }

    @Override
    public UnPack getRequestUnpack() {
        return requestUnpack;
    }

    @Override
    public UnPack getResponseUnpack() {
        return responseUnpack;
    }

    /**
     * A request, in hessian2-time or packed by Dubbo, counted as one call sent in the format its wrapper names (for the
     * {@code hessian2Time} QoS command and the metrics): a consumer's Triple calls are counted here, where their format
     * is decided, and only here.
     */
    private byte[] packAndCountRequest(Object request) throws Exception {
        if (sendsHessian2Time) {
            byte[] data = packRequestInHessian2Time(request);
            countSent(Hessian2TimeSerialization.NAME);
            return data;
        }
        byte[] data = dubbos.getRequestPack().pack(request);
        String wireName;
        try {
            wireName = TripleWrapperCodec.serializeType(data, "Triple request");
        } catch (TripleWrapperCodec.MalformedWrapperException unreadable) {
            // a wrapper this codec cannot read (a Dubbo that changed it): the call goes as Dubbo packed it, uncounted
            return data;
        }
        countSent(TripleCallFormats.serializationOf(wireName));
        return data;
    }

    private void countSent(String serialization) {
        if (status != null && serialization != null) {
            status.callSent(url, serialization);
        }
    }

    private byte[] packRequestInHessian2Time(Object request) throws IOException {
        Object[] arguments = (Object[]) request;
        List<byte[]> streams = new ArrayList<>(arguments.length);
        for (Object argument : arguments) {
            streams.add(write(argument));
        }
        return TripleWrapperCodec.request(Hessian2TimeSerialization.NAME, streams, requestTypeNames);
    }

    private Object unpackResponse(byte[] data, boolean exception) throws Exception {
        if (!Hessian2TimeSerialization.NAME.equals(TripleWrapperCodec.serializeType(data, "Triple response"))) {
            UnPack unpack = dubbos.getResponseUnpack();
            return unpack instanceof WrapperUnPack ? ((WrapperUnPack) unpack).unpack(data, exception)
                    : unpack.unpack(data);
        }
        if (!sendsHessian2Time) {
            throw new IOException("Unexpected serialization type:" + Hessian2TimeSerialization.NAME
                    + " in the response of " + method.getMethodName() + ", whose request was not sent in it");
        }
        TripleWrapperCodec.Response response = TripleWrapperCodec.parseResponse(data);
        return read(response.data, exception ? Exception.class : responseType);
    }

    private Object unpackRequest(byte[] data) throws Exception {
        String serializeType = TripleWrapperCodec.serializeType(data, "Triple request");
        Object[] arguments;
        if (Hessian2TimeSerialization.NAME.equals(serializeType)) {
            arguments = readRequestInHessian2Time(data);
        } else {
            Object unpacked = dubbos.getRequestUnpack().unpack(data);
            if (!(unpacked instanceof Object[])) {
                return unpacked;
            }
            arguments = (Object[]) unpacked;
        }
        callFormats.received(arguments, serializeType);
        return arguments;
    }

    private Object[] readRequestInHessian2Time(byte[] data) throws Exception {
        if (!advertisement.offers(method)) {
            // as Dubbo refuses a name its URL does not list
            throw new IOException("Unexpected serialization type:" + Hessian2TimeSerialization.NAME
                    + " received from network for " + method.getMethodName()
                    + ", which this provider does not offer it for");
        }
        TripleWrapperCodec.Request request = TripleWrapperCodec.parseRequest(data);
        if (request.args.size() != requestTypes.length) {
            throw new IOException("Triple request of " + method.getMethodName() + " has " + request.args.size()
                    + " arguments, the method takes " + requestTypes.length);
        }
        Object[] arguments = new Object[requestTypes.length];
        for (int i = 0; i < arguments.length; i++) {
            arguments[i] = read(request.args.get(i), requestTypes[i]);
        }
        return arguments;
    }

    private byte[] packResponseInItsRequestFormat(Object response) throws Exception {
        String format = callFormats.takeForCurrentResponse();
        if (format == null) {
            return dubbos.getResponsePack().pack(response);
        }
        byte[] data;
        if (Hessian2TimeSerialization.NAME.equals(format)) {
            data = write(response);
        } else {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            otherFormats.serialize(url, format, responseType, response, bytes);
            data = bytes.toByteArray();
        }
        return TripleWrapperCodec.response(format, data, responseType.getName());
    }

    private byte[] write(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput output = hessian2Time.serialize(url, bytes);
        output.writeObject(value);
        output.flushBuffer();
        return bytes.toByteArray();
    }

    private Object read(byte[] stream, Class<?> type) throws IOException, ClassNotFoundException {
        ObjectInput input = hessian2Time.deserialize(url, new ByteArrayInputStream(stream));
        return input.readObject(type);
    }
}
