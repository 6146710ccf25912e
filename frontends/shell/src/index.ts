// Async boundary: shared modules (react, antd...) are negotiated before the app code runs.
import('./bootstrap');
