package io.github.hessiantime.dubbo;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.hessiantime.HostileDtos;
import io.github.hessiantime.InlineShapes;
import io.github.hessiantime.ObjectGraphs;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.model.PackableMethod;
import org.apache.dubbo.rpc.model.PackableMethodFactory;
import org.apache.dubbo.rpc.model.ReflectionMethodDescriptor;
import org.apache.dubbo.rpc.model.ReflectionServiceDescriptor;
import org.apache.dubbo.rpc.model.ServiceModel;
import org.apache.dubbo.rpc.model.WrapperUnPack;

import java.io.IOException;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * Coverage-guided fuzzing (Jazzer, docs/fuzzing.md) of Triple's wrapper messages as hessian-time reads them: the
 * request a provider unpacks and the response a consumer unpacks, through the packable method Dubbo's
 * {@code PackableMethodFactory} SPI gives for a unary method of a plain interface ({@link Hessian2TimePackableMethod}),
 * in {@link FuzzChecks}' framework under STRICT, with the method offered and sent in {@code hessian2-time}.
 *
 * <p>An input is one byte (bit 0: a response, else a request; bit 1: the response is an exception), then the
 * wrapper message. A message naming another serialization is Dubbo's own to read and is skipped. Asserted: only an
 * IOException or a ClassNotFoundException leaves an unpack; a request has one argument per parameter, each null or of
 * the parameter's type, a response is of the return type (an exception: a {@code Throwable}); every property of
 * {@link FuzzChecks} holds for each value, and the same message unpacked again gives the same values.
 */
class TripleWrapperFuzzTest {

    /** The fuzzed method's service: java.time, a page of beans, a bean with hidden fields. */
    interface Pages {
        HostileDtos.Page page(Instant at, HostileDtos.Page page, InlineShapes.Shadow shadow);
    }

    static final Method METHOD = pagesMethod();
    private static final PackableMethod PACKABLE = packableMethod();

    @FuzzTest(maxDuration = "15m")
    void wrapperRequestsAndResponses(byte[] input) throws Exception {
        if (input.length < 1) {
            return;
        }
        boolean response = (input[0] & 1) != 0;
        boolean exception = (input[0] & 2) != 0;
        byte[] message = Arrays.copyOfRange(input, 1, input.length);
        try {
            if (!FuzzChecks.HESSIAN2_TIME.equals(TripleWrapperCodec.serializeType(message, "fuzzed"))) {
                return; // Dubbo's own packable method reads it
            }
        } catch (TripleWrapperCodec.MalformedWrapperException e) {
            return;
        }
        Object first = unpack(message, response, exception);
        if (first == FuzzChecks.REFUSED) {
            return;
        }
        if (response) {
            FuzzChecks.assertWellFormed(first, exception ? Throwable.class : METHOD.getReturnType());
        } else {
            Object[] arguments = assertInstanceOf(Object[].class, first);
            assertEquals(METHOD.getParameterCount(), arguments.length);
            for (int i = 0; i < arguments.length; i++) {
                FuzzChecks.assertWellFormed(arguments[i], METHOD.getParameterTypes()[i]);
            }
        }
        ObjectGraphs.assertSameGraph(first, unpack(message, response, exception));
    }

    /** Unpacks as Dubbo's Triple does: the value, or REFUSED for an IOException or ClassNotFoundException. */
    static Object unpack(byte[] message, boolean response, boolean exception) throws Exception {
        try {
            return response ? ((WrapperUnPack) PACKABLE.getResponseUnpack()).unpack(message, exception)
                    : PACKABLE.getRequestUnpack().unpack(message);
        } catch (IOException | ClassNotFoundException refused) {
            return FuzzChecks.REFUSED;
        }
    }

    /** A request wrapper in hessian2-time for {@code arguments}, as the consumer's packable method writes it. */
    static byte[] request(Object... arguments) throws Exception {
        return PACKABLE.getRequestPack().pack(arguments);
    }

    /** A response wrapper in hessian2-time for {@code value}. */
    static byte[] response(Object value) throws IOException {
        return TripleWrapperCodec.response(FuzzChecks.HESSIAN2_TIME, FuzzChecks.write(value),
                METHOD.getReturnType().getName());
    }

    private static Method pagesMethod() {
        try {
            return Pages.class.getMethod("page", Instant.class, HostileDtos.Page.class, InlineShapes.Shadow.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The packable method of a provider that offers hessian2-time for {@link Pages} over Triple, and of a consumer
     * that sends it (the URL's prefer list starts with it).
     */
    private static PackableMethod packableMethod() {
        URL url = URL.valueOf("tri://127.0.0.1:50051/" + Pages.class.getName()
                        + "?prefer.serialization=hessian2-time,hessian2")
                .setScopeModel(FuzzChecks.URL.getScopeModel());
        url = url.setServiceModel(new ServiceModel(null, Pages.class.getName(),
                new ReflectionServiceDescriptor(Pages.class), null, Pages.class.getClassLoader()));
        FuzzChecks.FRAMEWORK.getBeanFactory().getOrRegisterBean(TripleAdvertisement.class).advertise(url);
        PackableMethod method = FuzzChecks.FRAMEWORK.getExtensionLoader(PackableMethodFactory.class)
                .getExtension("default").create(new ReflectionMethodDescriptor(METHOD), url, "application/grpc+proto");
        return assertInstanceOf(Hessian2TimePackableMethod.class, method);
    }
}
